import type { Department } from '@wac/shared/schemas/departments';
import type { DirectoryEntry } from '@wac/shared/schemas/employees';
import { Alert, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { useFocusRefusedField } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useMoveToDepartment } from '../api/move-to-department';
import { useSearchPeople } from '../api/search-people';

/** At most this many people a move (the server's limit). */
const MOVE_MAX = 500;
/**
 * Choices shown at once: the list then never scrolls (axe: a scrolling list of options must be
 * reachable by keyboard, and its options are reached from the field, not by Tab); typing narrows it.
 */
const SHOWN = 8;

/**
 * Moves people into a department, out of whichever they were in: people are found by name (each
 * choice says their current department) and moved together.
 */
export function MovePeopleDialog({ department, onClose }: { department: Department; onClose: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = useSearchPeople(debounced);
  // Those chosen, with the name they were chosen by: it stays shown whatever the current search finds.
  const [chosen, setChosen] = useState<Array<{ value: string; label: string }>>([]);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const move = useMoveToDepartment(department.uuid);

  const label = (p: DirectoryEntry) =>
    p.department
      ? t('admin:departments.personIn', { name: `${p.firstName} ${p.lastName}`, department: p.department.name })
      : `${p.firstName} ${p.lastName}`;
  const found = (people.data?.data ?? []).filter((p) => !p.ended);
  const options = [
    ...chosen,
    ...found
      .filter((p) => !chosen.some((c) => c.value === p.uuid))
      .slice(0, SHOWN)
      .map((p) => ({ value: p.uuid, label: label(p) })),
  ];

  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldError(undefined);
    if (chosen.length === 0) {
      setFieldError(fieldMessage('required'));
      refuse();
      return;
    }
    try {
      const { moved } = await move.mutateAsync(chosen.map((c) => c.value));
      notify.success(t('admin:departments.moved', { count: moved, name: department.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={t('admin:departments.moveTitle', { name: department.name })}>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Text size="sm">{t('admin:departments.moveText', { name: department.name })}</Text>
          <MultiSelect
            label={t('admin:departments.people')}
            placeholder={t('admin:departments.findPeople')}
            data={options}
            value={chosen.map((c) => c.value)}
            onChange={(v) => {
              setChosen(v.flatMap((value) => options.filter((o) => o.value === value)));
              setFieldError(undefined);
            }}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server searched already (names and emails); the list shows what it found.
            filter={({ options: o }) => o}
            maxValues={MOVE_MAX}
            hidePickedOptions
            maxDropdownHeight={SHOWN * 48}
            nothingFoundMessage={t('admin:departments.nobody')}
            error={fieldError}
            withAsterisk
            data-autofocus
            comboboxProps={{ withinPortal: false }}
            data-testid="move-people"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={move.isPending} data-testid="confirm-move">
              {t('admin:departments.moveConfirm', { count: chosen.length })}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
