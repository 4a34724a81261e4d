import type { AttendanceEntry, Timesheet } from '@wac/shared/schemas/attendance';
import { zonedDate } from '@wac/shared/zoned-time';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLeaveLabel } from './leave-label';
import { useZonedFormat } from './zoned-format';

/** A timesheet's days and totals; with `onCorrect`, each entry offers a correction. */
export function TimesheetTable({
  sheet,
  onCorrect,
}: {
  sheet: Timesheet;
  onCorrect?: (entry: AttendanceEntry) => void;
}) {
  const { t } = useTranslation();
  const z = useZonedFormat(sheet.timeZone);
  const leaveLabel = useLeaveLabel();
  return (
    <Table.ScrollContainer minWidth={640} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
      <Table aria-label={t('admin:attendance.timesheet')} data-testid="timesheet-table" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin:attendance.date')}</Table.Th>
            <Table.Th>{t('admin:attendance.in')}</Table.Th>
            <Table.Th>{t('admin:attendance.out')}</Table.Th>
            <Table.Th>{t('admin:attendance.worked')}</Table.Th>
            <Table.Th>{t('admin:attendance.expected')}</Table.Th>
            <Table.Th>{t('admin:attendance.overtime')}</Table.Th>
            <Table.Th>{t('admin:attendance.lateness')}</Table.Th>
            <Table.Th>{t('admin:attendance.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.days.map((d) => (
            <Table.Tr key={d.date} data-testid="timesheet-day">
              <Table.Td>{z.day(d.date)}</Table.Td>
              <Table.Td>{z.time(d.firstIn)}</Table.Td>
              <Table.Td>
                {d.open ? t('admin:attendance.clockedIn') : z.time(d.lastOut)}
                {/* A shift past midnight counts to the day it started: its out is said to be the next day's. */}
                {!d.open && d.lastOut && zonedDate(new Date(d.lastOut), sheet.timeZone) > d.date && (
                  <Text span size="xs" c="dimmed" data-testid="out-next-day">
                    {' '}
                    ({t('admin:attendance.outNextDay')})
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-testid="day-worked">{z.minutes(d.workedMinutes)}</Table.Td>
              <Table.Td>
                {z.minutes(d.expectedMinutes)}
                {d.leaveMinutes > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('admin:attendance.leaveCovers', { time: z.minutes(d.leaveMinutes) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{d.overtimeMinutes ? z.minutes(d.overtimeMinutes) : '—'}</Table.Td>
              <Table.Td>{d.lateMinutes ? z.minutes(d.lateMinutes) : '—'}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap">
                  {d.holiday && (
                    <Badge variant="outline" color="grape">
                      {d.holiday}
                    </Badge>
                  )}
                  {d.leave && (
                    <Badge variant="light" color="violet.9" data-testid="day-leave">
                      {leaveLabel(d.leave)}
                    </Badge>
                  )}
                  {d.autoClosed && (
                    <Badge variant="filled" color="#a84006">
                      {t('admin:attendance.autoClosed')}
                    </Badge>
                  )}
                  {onCorrect &&
                    d.entries.map((e) => (
                      <Button
                        key={e.uuid}
                        size="compact-xs"
                        variant="default"
                        onClick={() => onCorrect(e)}
                        aria-label={t('admin:attendance.correctEntryLabel', {
                          day: z.longDay(d.date),
                          from: z.time(e.clockIn),
                          to: z.time(e.clockOut),
                        })}
                      >
                        {t('admin:attendance.correct')}
                      </Button>
                    ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('admin:attendance.totals')}</Table.Th>
            <Table.Td />
            <Table.Td />
            <Table.Td data-testid="total-worked">{z.minutes(sheet.totals.workedMinutes)}</Table.Td>
            <Table.Td>{z.minutes(sheet.totals.expectedMinutes)}</Table.Td>
            <Table.Td>{z.minutes(sheet.totals.overtimeMinutes)}</Table.Td>
            <Table.Td>{z.minutes(sheet.totals.lateMinutes)}</Table.Td>
            <Table.Td>
              <Text size="sm">{t('admin:attendance.absentDays', { count: sheet.totals.absentDays })}</Text>
              <Text size="sm" data-testid="total-leave">
                {t('admin:attendance.leaveDays', { count: sheet.totals.leaveDays })}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
