import {
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AttendanceEntry } from '@wac/shared/schemas/attendance';
import { zonedDate } from '@wac/shared/zoned-time';
import { IconDownload, IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppDialog } from '../../components/app-dialog';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSingleFlight } from '../../lib/single-flight';
import { exportTimesheets, type Period, useTimesheet } from './api/get-timesheet';
import { useTimesheetLocks } from './api/get-timesheet-locks';
import { useLockPeriod } from './api/lock-period';
import { useSearchMembers } from './api/search-members';
import { useUnlockPeriod } from './api/unlock-period';
import { useAttendanceSettings } from './api/get-settings';
import { useBoardFilters } from './api/get-board-filters';
import { CorrectionRequestDialog } from './components/correction-request-dialog';
import { CompanyDatePicker } from '../../components/company-date-picker';
import { useSession } from '../../lib/session/store';
import { TimesheetTable } from './components/timesheet-table';
import { useZonedFormat } from './components/zoned-format';

/**
 * Admins read anyone's timesheet of a week or month, correct or add their entries (with a reason;
 * the recorded times stay), lock finished periods and export the CSV of the company or a team.
 */
export default function TimesheetsScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  // The person is in the address: a person's page links to their timesheet, and a reload keeps it.
  const [params, setParams] = useSearchParams();
  const person = params.get('person');
  const setPerson = (uuid: string | null) =>
    setParams(
      (p) => {
        if (uuid) p.set('person', uuid);
        else p.delete('person');
        return p;
      },
      { replace: true },
    );
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = useSearchMembers(debounced);
  const [period, setPeriod] = useState<Period>('week');
  const [date, setDate] = useState('');
  const settings = useAttendanceSettings();
  const q = { period, date: date || undefined };
  const sheet = useTimesheet(person, q);
  const locks = useTimesheetLocks();
  const lock = useLockPeriod();
  const unlock = useUnlockPeriod();
  const [error, setError] = useState<string | null>(null);
  const [team, setTeam] = useState<string | null>(null);
  const filters = useBoardFilters();
  const [correcting, setCorrecting] = useState<{ entry?: AttendanceEntry; date: string } | null>(null);
  const s = sheet.data;
  const own = !!s && s.user.uuid === user?.uuid;
  const z = useZonedFormat(s?.timeZone);
  // A period can be locked once it has ended on the company's clock (the server says the same).
  const today = s ? zonedDate(new Date(), s.timeZone) : '';
  const over = !!s && s.to < today;
  const personName = s ? `${s.user.firstName} ${s.user.lastName}` : '';

  // Payroll's period closes for everyone: asked first, as an archive or a removal is.
  const [confirmingLock, setConfirmingLock] = useState(false);
  // Once at a time: a double click locked twice, the second refused as already locked.
  const onLock = useSingleFlight(async () => {
    if (!s) return;
    setError(null);
    try {
      await lock.mutateAsync({ from: s.from, to: s.to });
      notify.success(t('admin:attendance.locked', { from: z.longDay(s.from), to: z.longDay(s.to) }));
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    } finally {
      setConfirmingLock(false);
    }
  });

  const options = (people.data?.data ?? []).map((m) => ({
    value: m.uuid,
    label: `${m.firstName} ${m.lastName} (${m.email})`,
  }));
  // Opened on a person from the address: named by their timesheet until a search lists them.
  if (person && s && s.user.uuid === person && !options.some((o) => o.value === person)) {
    options.unshift({ value: person, label: personName });
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('admin:nav.timesheets')}
        </Title>
        <Text c="dimmed">{t('admin:attendance.timesheetsSubtitle')}</Text>
      </div>
      <Group align="end" wrap="wrap">
        <Select
          w={320}
          label={t('admin:attendance.person')}
          data={options}
          value={person}
          onChange={setPerson}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          nothingFoundMessage={t('admin:attendance.nobody')}
          data-testid="timesheet-person"
        />
        <SegmentedControl
          aria-label={t('admin:attendance.period')}
          value={period}
          onChange={(v) => setPeriod(v as Period)}
          data={[
            { value: 'week', label: t('admin:attendance.week') },
            { value: 'month', label: t('admin:attendance.month') },
          ]}
        />
        <CompanyDatePicker
          label={t('admin:attendance.date')}
          placeholder={t('admin:attendance.datePlaceholder')}
          clearLabel={t('admin:attendance.clearDate')}
          value={date}
          onChange={setDate}
          weekStart={settings.data?.weekStart}
          testId="timesheet-date"
        />
      </Group>
      <Group align="end" wrap="wrap">
        <Select
          w={260}
          label={t('admin:attendance.exportTeam')}
          placeholder={t('admin:attendance.wholeCompany')}
          clearable
          data={(filters.data?.teams ?? []).map((x) => ({ value: x.uuid, label: x.name }))}
          value={team}
          onChange={setTeam}
          data-testid="timesheet-export-team"
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            void exportTimesheets(
              { ...q, team: team ?? undefined },
              exportName(
                s ? { from: s.from, to: s.to } : { period, date },
                (filters.data?.teams ?? []).find((x) => x.uuid === team)?.name,
              ),
            )
          }
          data-testid="timesheet-export"
        >
          {t('admin:attendance.exportCsv')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {!person && <Text c="dimmed">{t('admin:attendance.choosePerson')}</Text>}
      {person && !s && <Skeleton h={240} />}
      {s && (
        <section aria-labelledby="sheet-title">
          <Group justify="space-between" mb="sm" wrap="wrap">
            <div>
              <Title order={2} size="h4" id="sheet-title">
                {s.user.firstName} {s.user.lastName}
              </Title>
              <Text size="sm" c="dimmed">
                {t('admin:attendance.periodRange', { from: z.longDay(s.from), to: z.longDay(s.to) })}
              </Text>
            </div>
            {s.locked ? (
              <Badge color="gray.7" variant="filled" leftSection={<IconLock size={12} aria-hidden />}>
                {t('admin:attendance.lockedBadge')}
              </Badge>
            ) : (
              <Group gap="xs" wrap="wrap">
                {!own && (
                  <Button
                    variant="default"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => setCorrecting({ date: today >= s.from && today <= s.to ? today : s.from })}
                    data-testid="timesheet-add-entry"
                  >
                    {t('admin:attendance.addEntry')}
                  </Button>
                )}
                <Button
                  variant="default"
                  leftSection={<IconLock size={16} aria-hidden />}
                  onClick={() => setConfirmingLock(true)}
                  loading={lock.isPending}
                  disabled={!over}
                  aria-describedby={over ? undefined : 'lock-after-end'}
                >
                  {t('admin:attendance.lockPeriod')}
                </Button>
              </Group>
            )}
          </Group>
          {!s.locked && !over && (
            <Text size="xs" c="dimmed" id="lock-after-end" mb="xs">
              {t('admin:attendance.lockAfterEnd')}
            </Text>
          )}
          {own && !s.locked && (
            <Text size="xs" c="dimmed" mb="xs" data-testid="timesheet-own">
              {t('errors:CORRECTION_OWN_ENTRY')}
            </Text>
          )}
          <TimesheetTable
            sheet={s}
            // Another admin corrects an admin's own hours (the server refuses it too).
            onCorrect={s.locked || own ? undefined : (entry) => setCorrecting({ entry, date: entry.workDate })}
          />
          {confirmingLock && (
            <AppDialog
              opened
              onClose={() => setConfirmingLock(false)}
              title={t('admin:attendance.lockTitle', { from: z.longDay(s.from), to: z.longDay(s.to) })}
            >
              <Stack>
                <Text>{t('admin:attendance.lockText')}</Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setConfirmingLock(false)}>
                    {t('admin:common.cancel')}
                  </Button>
                  <Button onClick={onLock} loading={lock.isPending} leftSection={<IconLock size={16} aria-hidden />}>
                    {t('admin:attendance.lockConfirm')}
                  </Button>
                </Group>
              </Stack>
            </AppDialog>
          )}
          {correcting && (
            <CorrectionRequestDialog
              entry={correcting.entry}
              date={correcting.date}
              timeZone={s.timeZone}
              person={{ uuid: s.user.uuid, name: personName }}
              onClose={() => setCorrecting(null)}
            />
          )}
        </section>
      )}
      <section aria-labelledby="locks-title">
        <Title order={2} size="h4" id="locks-title" mb="sm">
          {t('admin:attendance.lockedPeriods')}
        </Title>
        {locks.data && locks.data.data.length === 0 && <Text c="dimmed">{t('admin:attendance.noLocks')}</Text>}
        {locks.data && locks.data.data.length > 0 && (
          <Table aria-label={t('admin:attendance.lockedPeriods')}>
            <Table.Tbody>
              {locks.data.data.map((l) => (
                <Table.Tr key={l.uuid}>
                  <Table.Td>
                    {t('admin:attendance.periodRange', { from: z.longDay(l.from), to: z.longDay(l.to) })}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => unlock.mutate(l.uuid)}
                      aria-label={t('admin:attendance.unlockLabel', { from: z.longDay(l.from), to: z.longDay(l.to) })}
                    >
                      {t('admin:attendance.unlock')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>
    </Stack>
  );
}

/** The export's file name: the period's days (or the period asked), and the team when one is chosen. */
export function exportName(period: { from: string; to: string } | { period: Period; date: string }, team?: string) {
  const when =
    'from' in period ? `${period.from}_${period.to}` : `${period.period}${period.date ? `-${period.date}` : ''}`;
  const who = team
    ? `-${team
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '')}`
    : '';
  return `timesheets${who}-${when}.csv`;
}
