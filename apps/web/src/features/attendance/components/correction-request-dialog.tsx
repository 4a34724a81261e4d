import { MAX_ENTRY_HOURS } from '@wac/shared/constants';
import type { AttendanceEntry, CorrectionKind } from '@wac/shared/schemas/attendance';
import { addDays, zonedDate, zonedInstant } from '@wac/shared/zoned-time';
import { Alert, Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { ApiError } from '../../../lib/api-client';
import { useFocusRefusedField } from '../../../lib/forms';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCorrectEntry } from '../api/correct-entry';
import { useRequestCorrection } from '../api/request-correction';
import { useZonedFormat, wallTime } from './zoned-format';
import { CompanyDatePicker } from '../../../components/company-date-picker';
import { CompanyTimeField } from '../../../components/company-time-field';
import { useFormat } from '../../../lib/format';

/**
 * Where a correction's end starts: the entry's own clock-out; for an entry still open today, now
 * (17:00 before five was in the future, which the server refuses: 'An entry cannot end in the
 * future'); otherwise 17:00.
 */
export function defaultEnd(entry: AttendanceEntry | undefined, timeZone: string, now = new Date()): string {
  if (entry?.clockOut) return wallTime(entry.clockOut, timeZone);
  if (entry && entry.workDate === zonedDate(now, timeZone)) {
    const current = wallTime(now.toISOString(), timeZone);
    if (current < '17:00' && current > wallTime(entry.clockIn, timeZone)) return current;
  }
  return '17:00';
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Whether an out time before (or at) the in time is read as the next day: only when the shift then
 * lasts no more than a correction may make (MAX_ENTRY_HOURS). Otherwise it is a typo ("7:00" for
 * "17:00"), said at the field, rather than a 21-hour shift.
 */
export function endsNextDay(start: string, end: string): 'sameDay' | 'nextDay' | 'tooLong' {
  if (end > start) return 'sameDay';
  return 24 * 60 - (minutesOf(start) - minutesOf(end)) <= MAX_ENTRY_HOURS * 60 ? 'nextDay' : 'tooLong';
}

/**
 * A member asks to correct an entry (a wrong time, a missing clock-out, one to remove) or to add a
 * missing pair. Times are read on the company's clock; an end before the start is the next day
 * (for a shift of at most MAX_ENTRY_HOURS).
 * With `person`, an admin corrects that member's entry at once (the recorded times stay in its
 * history), with the same mandatory reason.
 */
export function CorrectionRequestDialog({
  entry,
  date,
  timeZone,
  person,
  onClose,
}: {
  entry?: AttendanceEntry;
  date: string;
  timeZone: string;
  person?: { uuid: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const z = useZonedFormat(timeZone);
  const ask = useRequestCorrection();
  const correct = useCorrectEntry();
  const pending = ask.isPending || correct.isPending;
  const [kind, setKind] = useState<CorrectionKind>(entry ? 'change' : 'add');
  const [day, setDay] = useState(entry?.workDate ?? date);
  const [start, setStart] = useState(entry ? wallTime(entry.clockIn, timeZone) : '09:00');
  const [end, setEnd] = useState(() => defaultEnd(entry, timeZone));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [timeMissing, setTimeMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const order = start && end ? endsNextDay(start, end) : 'sameDay';
  // A refused send moves the focus to the first field that says why.
  const { formRef, refuse } = useFocusRefusedField();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setReasonError(undefined);
    // A time left half typed is no time: said at its field, not thrown as an invalid date.
    const missing = kind !== 'remove' && (!start || !end);
    setTimeMissing(missing);
    if (!reason.trim()) setReasonError(fieldMessage('required'));
    if (missing || !reason.trim() || (kind !== 'remove' && order === 'tooLong')) {
      refuse();
      return;
    }
    const clockIn = zonedInstant(day, start, timeZone);
    const clockOut = zonedInstant(end > start ? day : addDays(day, 1), end, timeZone);
    const body =
      kind === 'remove'
        ? { kind, entryUuid: entry!.uuid, reason: reason.trim() }
        : {
            kind,
            entryUuid: entry?.uuid,
            clockIn: clockIn.toISOString(),
            clockOut: clockOut.toISOString(),
            reason: reason.trim(),
          };
    try {
      if (person) {
        await correct.mutateAsync({ userUuid: person.uuid, ...body });
        notify.success(t('admin:attendance.approved'));
      } else {
        await ask.mutateAsync(body);
        notify.success(t('admin:attendance.requestSent'));
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={
        person
          ? t(entry ? 'admin:attendance.correctTitle' : 'admin:attendance.addForTitle', { name: person.name })
          : t(entry ? 'admin:attendance.requestTitle' : 'admin:attendance.addTitle')
      }
    >
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {entry && (
            <>
              <Text size="sm">
                {t('admin:attendance.recorded', {
                  day: z.longDay(entry.workDate),
                  from: z.time(entry.clockIn),
                  to: z.time(entry.clockOut),
                })}
              </Text>
              <SegmentedControl
                aria-label={t('admin:attendance.kindLabel')}
                value={kind}
                onChange={(v) => setKind(v as CorrectionKind)}
                data={[
                  { value: 'change', label: t('admin:attendance.kind.change') },
                  { value: 'remove', label: t('admin:attendance.kind.remove') },
                ]}
              />
            </>
          )}
          {!entry && (
            <CompanyDatePicker
              label={t('admin:attendance.date')}
              value={day}
              onChange={setDay}
              // An entry cannot end in the future (the server says so): the calendar stops at today.
              maxDate={zonedDate(new Date(), timeZone)}
              required
              clearable={false}
              testId="correction-date"
              inDialog
            />
          )}
          {kind !== 'remove' && (
            <Group grow>
              <CompanyTimeField
                label={t('admin:attendance.in')}
                value={start}
                onChange={setStart}
                required
                error={timeMissing && !start ? fieldMessage('required') : undefined}
              />
              <CompanyTimeField
                label={t('admin:attendance.out')}
                value={end}
                onChange={setEnd}
                required
                error={
                  timeMissing && !end
                    ? fieldMessage('required')
                    : order === 'tooLong'
                      ? t('admin:attendance.endBeforeStart', { hours: f.number(MAX_ENTRY_HOURS) })
                      : undefined
                }
              />
            </Group>
          )}
          {kind !== 'remove' && order === 'nextDay' && (
            <Text size="sm" data-testid="ends-next-day">
              {t('admin:attendance.endsNextDay', { day: z.longDay(addDays(day, 1)) })}
            </Text>
          )}
          <Textarea
            label={t('admin:attendance.reason')}
            withAsterisk
            data-autofocus
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reasonError}
            autosize
            minRows={2}
            data-testid="correction-reason"
          />
          <Text size="xs" c="dimmed">
            {t('admin:attendance.zoneNote', { zone: f.zone(timeZone) })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="send-correction">
              {t(person ? 'admin:attendance.applyCorrection' : 'admin:attendance.sendRequest')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
