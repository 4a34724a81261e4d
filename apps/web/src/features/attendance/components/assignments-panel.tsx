import { Alert, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateAssignment } from '../api/create-assignment';
import { useDeleteAssignment } from '../api/delete-assignment';
import { useAssignments } from '../api/get-assignments';
import { useSchedules } from '../api/get-schedules';
import { useSearchMembers } from '../api/search-members';
import { useZonedFormat } from './zoned-format';
import { CompanyDatePicker } from '../../../components/company-date-picker';
import { SimpleTable } from '../../../components/section-card';

/** Who follows which schedule from which date; earlier days keep the schedule they had. */
export function AssignmentsPanel() {
  const { t } = useTranslation();
  const [person, setPerson] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = useSearchMembers(debounced);
  const schedules = useSchedules();
  const list = useAssignments(person);
  const add = useCreateAssignment();
  const del = useDeleteAssignment();
  const z = useZonedFormat('UTC');
  const [schedule, setSchedule] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!person || !schedule || !from) return;
    setError(null);
    try {
      await add.mutateAsync({ userUuid: person, scheduleUuid: schedule, effectiveFrom: from });
      notify.success(t('admin:attendance.assigned'));
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <Stack>
      <Select
        w={{ base: '100%', xs: 360 }}
        label={t('admin:attendance.person')}
        description={t('admin:attendance.assignmentsHint')}
        placeholder={t('admin:attendance.personPlaceholder')}
        data={(people.data?.data ?? []).map((m) => ({
          value: m.uuid,
          label: `${m.firstName} ${m.lastName} (${m.email})`,
        }))}
        value={person}
        onChange={setPerson}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage={t('admin:attendance.nobody')}
      />
      {person && list.data && (
        <>
          {list.data.data.length === 0 ? (
            <Text c="dimmed">{t('admin:attendance.followsDefault')}</Text>
          ) : (
            <SimpleTable
              caption={t('admin:attendance.assignments')}
              captionHidden
              columns={[
                t('admin:attendance.effectiveFrom'),
                t('admin:attendance.scheduleName'),
                t('admin:common.actions'),
              ]}
              isEmpty={false}
              empty={null}
            >
              {list.data.data.map((a) => (
                <Table.Tr key={a.uuid}>
                  <Table.Td>{z.longDay(a.effectiveFrom)}</Table.Td>
                  <Table.Td>{a.scheduleName}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      color="red.9"
                      loading={del.isPending && del.variables === a.uuid}
                      onClick={() =>
                        void del
                          .mutateAsync(a.uuid)
                          .then(() => notify.success(t('admin:attendance.assignmentRemoved')))
                          .catch(() => {})
                      }
                      aria-label={t('admin:attendance.removeLabel', { name: a.scheduleName })}
                    >
                      {t('admin:attendance.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </SimpleTable>
          )}
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Group align="end" wrap="wrap">
              <Select
                label={t('admin:attendance.scheduleName')}
                data={(schedules.data?.data ?? []).map((s) => ({ value: s.uuid, label: s.name }))}
                value={schedule}
                onChange={setSchedule}
                withAsterisk
              />
              <CompanyDatePicker
                label={t('admin:attendance.effectiveFrom')}
                value={from}
                onChange={setFrom}
                required
                clearable={false}
                testId="assignment-from"
              />
              <Button type="submit" loading={add.isPending} disabled={!schedule || !from}>
                {t('admin:attendance.assign')}
              </Button>
            </Group>
          </form>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
