import type { Policy } from '@wac/shared/schemas/policies';
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { BoundedNumberInput } from '../../../components/bounded-number-input';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AudienceFields } from '../../../components/audience-fields';
import { useNavigate } from 'react-router';
import { AppDialog } from '../../../components/app-dialog';
import { useFocusRefusedField } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreatePolicy } from '../api/create-policy';
import { useAudienceOptions, usePolicyPeople } from '../api/get-audience-options';
import { useUpdatePolicy } from '../api/update-policy';

/** Create or edit a policy: title, category, owner, audience (everyone, or teams and departments), due days. */
export function PolicyFormDialog({ policy, onClose }: { policy?: Policy; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePolicy();
  const update = useUpdatePolicy(policy?.uuid ?? '');
  const options = useAudienceOptions();
  const [title, setTitle] = useState(policy?.title ?? '');
  const [category, setCategory] = useState(policy?.category ?? '');
  const [owner, setOwner] = useState<string | null>(policy?.owner?.uuid ?? null);
  const [ownerSearch, setOwnerSearch] = useState('');
  const [debounced] = useDebouncedValue(ownerSearch, 250);
  const people = usePolicyPeople(debounced);
  const [all, setAll] = useState(policy?.audience.all ?? true);
  const [teams, setTeams] = useState<string[]>(policy?.audience.teamUuids ?? []);
  const [departments, setDepartments] = useState<string[]>(policy?.audience.departmentUuids ?? []);
  const [dueDays, setDueDays] = useState<number | string>(policy?.dueDays ?? 14);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const ownerData = useMemo(() => {
    const found = (people.data?.data ?? []).map((p) => ({ value: p.uuid, label: `${p.firstName} ${p.lastName}` }));
    const current = policy?.owner;
    if (current && owner === current.uuid && !found.some((p) => p.value === current.uuid)) {
      found.unshift({ value: current.uuid, label: `${current.firstName} ${current.lastName}` });
    }
    return found;
  }, [people.data, policy, owner]);

  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setTitleError(undefined);
    if (!title.trim()) {
      setTitleError(fieldMessage('required'));
      refuse();
      return;
    }
    const fields = {
      title: title.trim(),
      category: category.trim(),
      ownerUuid: owner,
      audience: { all, teamUuids: all ? [] : teams, departmentUuids: all ? [] : departments },
      dueDays: Number(dueDays),
    };
    try {
      if (policy) await update.mutateAsync({ version: policy.version, ...fields });
      else {
        const made = await create.mutateAsync(fields);
        void navigate(`/policies/${made.uuid}`);
      }
      notify.success(t('admin:policies.saved', { name: fields.title }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={policy ? t('admin:policies.edit') : t('admin:policies.create')}>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin:policies.policyTitle')}
            withAsterisk
            data-autofocus
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={titleError}
          />
          <TextInput
            label={t('admin:policies.category')}
            value={category}
            onChange={(e) => setCategory(e.currentTarget.value)}
          />
          <Select
            label={t('admin:policies.owner')}
            placeholder={t('admin:policies.noOwner')}
            searchable
            clearable
            data={ownerData}
            value={owner}
            onChange={setOwner}
            onSearchChange={setOwnerSearch}
            nothingFoundMessage={t('admin:table.empty')}
          />
          <BoundedNumberInput
            label={t('admin:policies.dueDays')}
            description={t('admin:policies.dueDaysHelp')}
            min={1}
            max={365}
            value={dueDays}
            onChange={setDueDays}
          />
          <AudienceFields
            value={{ all, teams, departments }}
            onChange={(a) => {
              setAll(a.all);
              setTeams(a.teams);
              setDepartments(a.departments);
            }}
            options={options.data}
            labels={{
              all: t('admin:policies.audienceAll'),
              teams: t('admin:policies.audienceTeams'),
              departments: t('admin:policies.audienceDepartments'),
            }}
          />
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
