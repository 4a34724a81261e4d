import type { WorkScheduleWithMembers } from '@wac/shared/schemas/attendance';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleTable } from '../../../components/section-card';
import { SCHEDULE_MEMBERS_PAGE, useScheduleMembers } from '../api/get-schedule-members';
import { useZonedFormat } from './zoned-format';

/**
 * Who follows a schedule today, a page at a time in name order (the server pages it; a company of
 * 100,000 is never read whole). The default's people include everyone without a schedule of their own.
 * Keyed by the schedule where it is rendered, so another schedule starts on its first page.
 */
export function ScheduleMembers({ schedule, onAssign }: { schedule: WorkScheduleWithMembers; onAssign: () => void }) {
  const { t } = useTranslation();
  const z = useZonedFormat('UTC');
  const [page, setPage] = useState(1);
  const list = useScheduleMembers(schedule.uuid, page);
  const total = list.data?.totalItems ?? 0;
  const columns = [t('admin:attendance.person'), t('admin:attendance.email'), t('admin:attendance.since')];
  return (
    <Stack gap="xs" data-testid="schedule-members" component="section" aria-labelledby="schedule-members-title">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} size="h4" id="schedule-members-title">
            {t('admin:attendance.peopleOn', { name: schedule.name })}
          </Title>
          <Text size="sm" c="dimmed">
            {schedule.isDefault ? t('admin:attendance.defaultPeopleHint') : t('admin:attendance.peopleHint')}
          </Text>
        </div>
        <Button variant="default" size="sm" onClick={onAssign}>
          {t('admin:attendance.bulkOpenFor', { name: schedule.name })}
        </Button>
      </Group>
      {list.data && (
        <SimpleTable
          caption={t('admin:attendance.peopleOn', { name: schedule.name })}
          captionHidden
          columns={columns}
          isEmpty={list.data.data.length === 0}
          empty={t('admin:attendance.nobodyOnSchedule')}
          pages={Math.max(1, Math.ceil(total / SCHEDULE_MEMBERS_PAGE))}
          page={page}
          onPage={setPage}
          testId="schedule-members-table"
        >
          {list.data.data.map((p) => (
            <Table.Tr key={p.userUuid}>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.email}</Table.Td>
              <Table.Td>{p.since ? z.longDay(p.since) : t('admin:attendance.noOwnSchedule')}</Table.Td>
            </Table.Tr>
          ))}
        </SimpleTable>
      )}
    </Stack>
  );
}
