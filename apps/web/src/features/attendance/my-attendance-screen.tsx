import type { AttendanceEntry } from '@wac/shared/schemas/attendance';
import { addDays, zonedDate } from '@wac/shared/zoned-time';
import { ActionIcon, Button, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyCorrections } from './api/get-my-corrections';
import { type Period, useTimesheet } from './api/get-timesheet';
import { ClockCard } from './components/clock-card';
import { CorrectionRequestDialog } from './components/correction-request-dialog';
import { CorrectionsTable } from './components/corrections-table';
import { TimesheetTable } from './components/timesheet-table';
import { useZonedFormat } from './components/zoned-format';

/** Clocking, the member's own timesheet, and their correction requests (they follow live). */
export default function MyAttendanceScreen() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('week');
  // A day of the period shown; none: the one holding today (on the company's clock).
  const [date, setDate] = useState<string | undefined>();
  const sheet = useTimesheet('me', { period, ...(date ? { date } : {}) });
  const requests = useMyCorrections({ page: 1 });
  const [asking, setAsking] = useState<AttendanceEntry | 'new' | null>(null);
  const s = sheet.data;
  const z = useZonedFormat(s?.timeZone);
  const today = s ? zonedDate(new Date(), s.timeZone) : '';
  const current = !!s && s.from <= today && today <= s.to;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('admin:nav.attendance')}
        </Title>
        <Text c="dimmed">{t('admin:attendance.subtitle')}</Text>
      </div>
      <div style={{ maxWidth: 720 }}>
        <ClockCard />
      </div>
      <section aria-labelledby="my-timesheet">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="my-timesheet">
              {t('admin:attendance.myTimesheet')}
            </Title>
            {s && (
              <Text size="sm" c="dimmed">
                {t('admin:attendance.periodRange', { from: z.longDay(s.from), to: z.longDay(s.to) })}
              </Text>
            )}
          </div>
          <Group>
            <SegmentedControl
              aria-label={t('admin:attendance.period')}
              value={period}
              onChange={(v) => setPeriod(v as Period)}
              data={[
                { value: 'week', label: t('admin:attendance.week') },
                { value: 'month', label: t('admin:attendance.month') },
              ]}
            />
            {/* Earlier weeks and months, back from the one shown (a period ahead of today holds nothing yet). */}
            <Group gap={4} data-testid="my-timesheet-pager">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t(
                  period === 'week' ? 'admin:attendance.previousWeek' : 'admin:attendance.previousMonthSheet',
                )}
                disabled={!s}
                onClick={() => s && setDate(addDays(s.from, -1))}
              >
                <IconChevronLeft size={16} aria-hidden className="flip-rtl" />
              </ActionIcon>
              <Button variant="default" disabled={!s || current} onClick={() => setDate(undefined)}>
                {t('admin:attendance.currentPeriod')}
              </Button>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t(period === 'week' ? 'admin:attendance.nextWeek' : 'admin:attendance.nextMonthSheet')}
                disabled={!s || s.to >= today}
                onClick={() => s && setDate(addDays(s.to, 1))}
              >
                <IconChevronRight size={16} aria-hidden className="flip-rtl" />
              </ActionIcon>
            </Group>
            <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAsking('new')}>
              {t('admin:attendance.addMissing')}
            </Button>
          </Group>
        </Group>
        {s ? <TimesheetTable sheet={s} onCorrect={(e) => setAsking(e)} /> : <Skeleton h={200} />}
      </section>
      <section aria-labelledby="my-requests">
        <Title order={2} size="h4" id="my-requests" mb="sm">
          {t('admin:attendance.myRequests')}
        </Title>
        {requests.data && <CorrectionsTable rows={requests.data.data} timeZone={s?.timeZone} testId="my-corrections" />}
      </section>
      {asking && s && (
        <CorrectionRequestDialog
          entry={asking === 'new' ? undefined : asking}
          date={s.from}
          timeZone={s.timeZone}
          onClose={() => setAsking(null)}
        />
      )}
    </Stack>
  );
}
