import type { Department } from '@wac/shared/schemas/departments';
import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/color-field';
import { AppDialog } from '../../../components/app-dialog';
import { useFocusRefusedField } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateDepartment } from '../api/create-department';
import { useDepartmentTree } from '../api/get-department-tree';
import { useSearchPeople } from '../api/search-people';
import { useUpdateDepartment } from '../api/update-department';

/** Create or edit a department: name, description, parent, head and colour. */
export function DepartmentFormDialog({ department, onClose }: { department?: Department; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateDepartment();
  const update = useUpdateDepartment(department?.uuid ?? '');
  const tree = useDepartmentTree();
  const [name, setName] = useState(department?.name ?? '');
  const [description, setDescription] = useState(department?.description ?? '');
  const [parent, setParent] = useState<string | null>(department?.parentUuid ?? null);
  const [head, setHead] = useState<string | null>(department?.head?.uuid ?? null);
  const [color, setColor] = useState(department?.color ?? '#228be6');
  const [headSearch, setHeadSearch] = useState('');
  const [debounced] = useDebouncedValue(headSearch, 250);
  const people = useSearchPeople(debounced);
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const headOptions = (people.data?.data ?? []).map((p) => ({ value: p.uuid, label: `${p.firstName} ${p.lastName}` }));
  if (department?.head && !headOptions.some((o) => o.value === department.head!.uuid)) {
    headOptions.unshift({
      value: department.head.uuid,
      label: `${department.head.firstName} ${department.head.lastName}`,
    });
  }

  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setNameError(undefined);
    if (!name.trim()) {
      setNameError(fieldMessage('required'));
      refuse();
      return;
    }
    const fields = {
      name: name.trim(),
      description: description.trim() || null,
      parentUuid: parent,
      headUuid: head,
      color: /^#[0-9a-fA-F]{6}$/.test(color) ? color : undefined,
    };
    try {
      if (department) await update.mutateAsync({ version: department.version, ...fields });
      else await create.mutateAsync(fields);
      notify.success(t('admin:departments.saved', { name: fields.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={department ? t('admin:departments.edit') : t('admin:departments.create')}
    >
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin:departments.name')}
            withAsterisk
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
          <Textarea
            label={t('admin:departments.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Select
            label={t('admin:departments.parent')}
            data={(tree.data?.data ?? [])
              .filter((d) => d.uuid !== department?.uuid)
              .map((d) => ({ value: d.uuid, label: d.name }))}
            value={parent}
            onChange={setParent}
            clearable
            searchable
          />
          <Select
            label={t('admin:departments.head')}
            data={headOptions}
            value={head}
            onChange={setHead}
            searchable
            clearable
            searchValue={headSearch}
            onSearchChange={setHeadSearch}
            filter={({ options }) => options}
          />
          <ColorField label={t('admin:departments.color')} value={color} onChange={setColor} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('admin:common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
