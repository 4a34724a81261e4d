import { BULK_ASSIGN_MAX, type ScheduleAssignmentBulk } from '@wac/shared/schemas/attendance';
import { Alert, Button, Group, MultiSelect, Radio, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { CompanyDatePicker } from '../../../components/company-date-picker';
import { ApiError } from '../../../lib/api-client';
import { useFocusRefusedField } from '../../../lib/forms';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useAssignMany } from '../api/assign-many';
import { useBoardFilters } from '../api/get-board-filters';
import { useSchedules } from '../api/get-schedules';
import { useSearchMembers } from '../api/search-members';

type Source = 'people' | 'team' | 'department';

/**
 * One schedule from a date on for many people at once: people chosen by name, a whole team or a
 * whole department (up to BULK_ASSIGN_MAX chosen). The server writes a few dozen people at once; more
 * are written in the background, and `onQueued` gets the batch to follow. Earlier days keep what they
 * had.
 */
export function BulkAssignDialog({
  scheduleUuid,
  onClose,
  onQueued,
}: {
  scheduleUuid?: string;
  onClose: () => void;
  onQueued: (batchId: string) => void;
}) {
  const { t } = useTranslation();
  const schedules = useSchedules();
  const groups = useBoardFilters();
  const assign = useAssignMany();
  const [schedule, setSchedule] = useState<string | null>(scheduleUuid ?? null);
  const [from, setFrom] = useState('');
  const [source, setSource] = useState<Source>('people');
  const [people, setPeople] = useState<string[]>([]);
  const [team, setTeam] = useState<string | null>(null);
  const [department, setDepartment] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useSearchMembers(debounced);
  // The chosen people keep their labels when a new search no longer lists them.
  const labels = useRef(new Map<string, string>());
  for (const m of found.data?.data ?? []) labels.current.set(m.uuid, `${m.firstName} ${m.lastName} (${m.email})`);
  const [errors, setErrors] = useState<Partial<Record<'schedule' | 'from' | Source, string>>>({});
  const [error, setError] = useState<string | null>(null);
  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const options = [
    ...people.map((uuid) => ({ value: uuid, label: labels.current.get(uuid) ?? uuid })),
    ...(found.data?.data ?? [])
      .filter((m) => !people.includes(m.uuid))
      .map((m) => ({ value: m.uuid, label: labels.current.get(m.uuid)! })),
  ];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const required = fieldMessage('required');
    const next = {
      schedule: schedule ? undefined : required,
      from: from ? undefined : required,
      people: source === 'people' && people.length === 0 ? required : undefined,
      team: source === 'team' && !team ? required : undefined,
      department: source === 'department' && !department ? required : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) {
      refuse();
      return;
    }
    const body: ScheduleAssignmentBulk = {
      scheduleUuid: schedule!,
      effectiveFrom: from,
      ...(source === 'people'
        ? { userUuids: people }
        : source === 'team'
          ? { teamUuid: team! }
          : { departmentUuid: department! }),
    };
    try {
      const r = await assign.mutateAsync(body);
      const name = schedules.data?.data.find((s) => s.uuid === schedule)?.name ?? '';
      if (r.batchId) {
        notify.info(t('admin:attendance.bulkQueued', { name, count: r.queued ?? 0 }));
        onQueued(r.batchId);
      } else notify.success(t('admin:attendance.bulkAssigned', { name, count: r.assigned }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={t('admin:attendance.bulkTitle')} size="lg">
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t('admin:attendance.bulkHint')}
          </Text>
          <Select
            label={t('admin:attendance.scheduleName')}
            data={(schedules.data?.data ?? []).map((s) => ({ value: s.uuid, label: s.name }))}
            value={schedule}
            onChange={setSchedule}
            withAsterisk
            error={errors.schedule}
          />
          <CompanyDatePicker
            label={t('admin:attendance.effectiveFrom')}
            value={from}
            onChange={setFrom}
            required
            clearable={false}
            error={errors.from}
            testId="bulk-from"
            inDialog
          />
          <Radio.Group label={t('admin:attendance.bulkWho')} value={source} onChange={(v) => setSource(v as Source)}>
            <Group mt="xs">
              <Radio value="people" label={t('admin:attendance.bulkPeople')} />
              <Radio value="team" label={t('admin:attendance.bulkTeam')} />
              <Radio value="department" label={t('admin:attendance.bulkDepartment')} />
            </Group>
          </Radio.Group>
          {source === 'people' && (
            <MultiSelect
              label={t('admin:attendance.people')}
              description={t('admin:attendance.bulkPeopleHint', { count: BULK_ASSIGN_MAX })}
              placeholder={t('admin:attendance.personPlaceholder')}
              data={options}
              value={people}
              onChange={setPeople}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: o }) => o}
              maxValues={BULK_ASSIGN_MAX}
              nothingFoundMessage={t('admin:attendance.nobody')}
              withAsterisk
              error={errors.people}
            />
          )}
          {source === 'team' && (
            <Select
              label={t('admin:attendance.bulkTeam')}
              data={(groups.data?.teams ?? []).map((x) => ({ value: x.uuid, label: x.name }))}
              value={team}
              onChange={setTeam}
              searchable
              withAsterisk
              error={errors.team}
            />
          )}
          {source === 'department' && (
            <Select
              label={t('admin:attendance.bulkDepartment')}
              data={(groups.data?.departments ?? []).map((x) => ({ value: x.uuid, label: x.name }))}
              value={department}
              onChange={setDepartment}
              searchable
              withAsterisk
              error={errors.department}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={assign.isPending}>
              {t('admin:attendance.assign')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
