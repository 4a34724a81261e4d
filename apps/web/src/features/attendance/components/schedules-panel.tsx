import type { WorkSchedule } from '@wac/shared/schemas/attendance';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteSchedule } from '../api/delete-schedule';
import { useSchedules } from '../api/get-schedules';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notify } from '../../../lib/notify';
import { ScheduleFormDialog } from './schedule-form-dialog';
import { scheduleWeek } from './schedule-week';
import { useZonedFormat } from './zoned-format';

/** Work schedules: hours per weekday, break, grace; one is the default. */
export function SchedulesPanel() {
  const { t, i18n } = useTranslation();
  const list = useSchedules();
  const del = useDeleteSchedule();
  const z = useZonedFormat('UTC');
  const [editing, setEditing] = useState<WorkSchedule | 'new' | null>(null);
  const [removing, setRemoving] = useState<WorkSchedule | null>(null);
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
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('admin:attendance.addSchedule')}
        </Button>
      </Group>
      {list.data && (
        <Table.ScrollContainer minWidth={640} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('admin:attendance.schedules')} data-testid="schedules-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin:attendance.scheduleName')}</Table.Th>
                <Table.Th>{t('admin:attendance.hours')}</Table.Th>
                <Table.Th>{t('admin:attendance.weekly')}</Table.Th>
                <Table.Th>{t('admin:attendance.graceMinutes')}</Table.Th>
                <Table.Th>{t('admin:common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
                  <Table.Td>{z.minutes(s.weeklyMinutes)}</Table.Td>
                  <Table.Td>{s.graceMinutes}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setEditing(s)}
                        aria-label={t('admin:attendance.editLabel', { name: s.name })}
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
