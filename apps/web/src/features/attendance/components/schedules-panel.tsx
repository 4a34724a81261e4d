import type { WorkScheduleWithMembers as WorkSchedule } from '@wac/shared/schemas/attendance';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteSchedule } from '../api/delete-schedule';
import { useSchedules } from '../api/get-schedules';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SimpleTable } from '../../../components/section-card';
import { BulkAssignDialog } from './bulk-assign-dialog';
import { BulkProgress } from './bulk-progress';
import { ScheduleMembers } from './schedule-members';
import { notify } from '../../../lib/notify';
import { useBatchParam } from '../../../lib/use-batch-param';
import { ScheduleFormDialog } from './schedule-form-dialog';
import { scheduleWeek } from '../../../lib/schedule-week';
import { useZonedFormat } from './zoned-format';

/**
 * Work schedules: hours per weekday, break, grace, how many people follow each today (and who, below
 * the table); one is the default. Many people at once are assigned from here too.
 */
export function SchedulesPanel() {
  const { t, i18n } = useTranslation();
  const list = useSchedules();
  const del = useDeleteSchedule();
  const z = useZonedFormat('UTC');
  const [editing, setEditing] = useState<WorkSchedule | 'new' | null>(null);
  const [removing, setRemoving] = useState<WorkSchedule | null>(null);
  // Whose people are listed below the table, and the bulk dialog (for one schedule or any).
  const [showing, setShowing] = useState<string | null>(null);
  const [bulk, setBulk] = useState<string | null>(null);
  const shown = list.data?.data.find((s) => s.uuid === showing);
  // A team or a department assigned in the background, followed from the address.
  const [batchId, follow] = useBatchParam('assigning');
  const columns = [
    t('admin:attendance.scheduleName'),
    t('admin:attendance.hours'),
    t('admin:attendance.weekly'),
    t('admin:attendance.grace'),
    t('admin:attendance.people'),
    t('admin:common.actions'),
  ];
  // A schedule in use is refused by the server with its reason (the client toasts it).
  const remove = (s: WorkSchedule) =>
    void del
      .mutateAsync({ uuid: s.uuid, version: s.version })
      .then(() => notify.success(t('admin:attendance.scheduleRemoved', { name: s.name })))
      .catch(() => {})
      .finally(() => setRemoving(null));

  return (
    <Stack>
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconUsersGroup size={16} aria-hidden />} onClick={() => setBulk('any')}>
          {t('admin:attendance.bulkOpen')}
        </Button>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('admin:attendance.addSchedule')}
        </Button>
      </Group>
      {batchId && <BulkProgress key={batchId} batchId={batchId} onClose={() => follow(null)} />}
      {list.data && (
        // Rows stack into labelled cards on a phone (SimpleTable): nothing scrolls sideways.
        <SimpleTable
          caption={t('admin:attendance.schedules')}
          captionHidden
          testId="schedules-table"
          columns={columns}
          isEmpty={list.data.data.length === 0}
          empty={t('admin:attendance.noSchedules')}
        >
          {list.data.data.map((s) => (
            <Table.Tr key={s.uuid}>
              <Table.Td>
                <Group gap="xs">
                  {s.name}
                  {s.isDefault && (
                    <Badge variant="filled" color="teal.9">
                      {t('admin:attendance.defaultBadge')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                {/* A phone wraps between the days and the hours, never inside a time ("9:00 | AM"). */}
                {scheduleWeek(s.days, i18n.language).map((line) => (
                  <Text size="sm" key={line.days}>
                    {line.days} <span style={{ whiteSpace: 'nowrap' }}>{line.hours}</span>
                  </Text>
                ))}
              </Table.Td>
              <Table.Td data-testid="schedule-weekly">{z.minutes(s.weeklyMinutes)}</Table.Td>
              <Table.Td>{z.minutes(s.graceMinutes)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => setShowing(s.uuid)}
                  aria-pressed={showing === s.uuid}
                  aria-label={t('admin:attendance.showPeopleLabel', { name: s.name, count: s.members })}
                  data-testid="schedule-members-count"
                >
                  {t('admin:attendance.peopleCount', { count: s.members })}
                </Button>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="wrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(s)}
                    aria-label={t('admin:attendance.editLabel', { name: s.name })}
                    data-testid="schedule-edit"
                  >
                    {t('admin:attendance.edit')}
                  </Button>
                  {!s.isDefault && (
                    <Button
                      size="xs"
                      variant="default"
                      color="red.9"
                      onClick={() => setRemoving(s)}
                      aria-label={t('admin:attendance.removeLabel', { name: s.name })}
                    >
                      {t('admin:attendance.remove')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </SimpleTable>
      )}
      {shown && <ScheduleMembers key={shown.uuid} schedule={shown} onAssign={() => setBulk(shown.uuid)} />}
      {bulk && (
        <BulkAssignDialog
          scheduleUuid={bulk === 'any' ? undefined : bulk}
          onClose={() => setBulk(null)}
          onQueued={(id) => follow(id)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('admin:attendance.removeScheduleTitle', { name: removing.name })}
          text={t('admin:attendance.removeScheduleText')}
          confirm={t('admin:attendance.remove')}
          busy={del.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() => remove(removing)}
        />
      )}
      {editing && (
        <ScheduleFormDialog schedule={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
