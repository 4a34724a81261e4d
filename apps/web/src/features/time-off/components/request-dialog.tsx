import type { TimeOffPreviewInput } from '@wac/shared/schemas/time-off';
import { Alert, Button, Checkbox, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { CompanyDatePicker } from '../../../components/company-date-picker';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateRequest } from '../api/create-request';
import type { Balances } from '../api/get-balances';
import { usePreview } from '../api/preview-request';
import { useDays } from '../../../lib/days';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** "Request time off": type, dates, half days, note; the working days it takes are counted before it is sent. */
export function RequestDialog({ balances, onClose }: { balances: Balances['data']; onClose: () => void }) {
  const { t } = useTranslation();
  const days = useDays();
  const create = useCreateRequest();
  const [typeUuid, setTypeUuid] = useState<string | null>(balances[0]?.type.uuid ?? null);
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [startHalf, setStartHalf] = useState(false);
  const [endHalf, setEndHalf] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Said on sending without both days, and only while they are missing: picking them clears it.
  const [askedForDates, setAskedForDates] = useState(false);
  const type = balances.find((b) => b.type.uuid === typeUuid);

  // A one-day request takes its morning or its afternoon, not both (the server refuses both halves):
  // the half ticked first greys the other out, unticked, and what is sent is what the boxes show.
  const oneDay = startDate !== '' && startDate === endDate;
  const endHalfShown = oneDay && startHalf ? false : endHalf;
  const startHalfLocked = oneDay && endHalfShown;
  const endHalfLocked = oneDay && startHalf;
  const pickDays = (start: string, end: string) => {
    setStart(start);
    setEnd(end);
    // Both halves of what has become one day: the first day's half stays, the last day's is dropped.
    if (start === end && startHalf) setEndHalf(false);
  };
  const complete = typeUuid && ISO.test(startDate) && ISO.test(endDate) && endDate >= startDate;
  const body: TimeOffPreviewInput | null = complete
    ? { typeUuid, startDate, endDate, startHalf, endHalf: endHalfShown }
    : null;
  const preview = usePreview(body);
  // A refused range says why (a request spans at most a year), not only that a field is wrong.
  const reason = (err: ApiError) => err.issues[0]?.message ?? err.message;
  const previewError = preview.error instanceof ApiError ? reason(preview.error) : null;
  const shownError = error ?? (askedForDates && !body ? t('admin:timeOff.datesRequired') : null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!body) {
      setAskedForDates(true);
      return;
    }
    try {
      const made = await create.mutateAsync({
        ...body,
        startHalf: body.startHalf ?? false,
        endHalf: body.endHalf ?? false,
        note: note.trim() || undefined,
      });
      // A type that needs no approval books the time off at once: not "sent" to anyone.
      notify.success(t(made.status === 'approved' ? 'admin:timeOff.requestedApproved' : 'admin:timeOff.requested'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(reason(err));
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={t('admin:timeOff.request')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {shownError && (
            <Alert color="red" role="alert">
              {shownError}
            </Alert>
          )}
          <Select
            label={t('admin:timeOff.type')}
            data={balances.map((b) => ({ value: b.type.uuid, label: b.type.name }))}
            value={typeUuid}
            onChange={setTypeUuid}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            data-autofocus
          />
          <Group grow align="flex-start">
            <CompanyDatePicker
              label={t('admin:timeOff.startDate')}
              required
              clearable={false}
              value={startDate}
              onChange={(v) => pickDays(v, !endDate || endDate < v ? v : endDate)}
              testId="time-off-start"
              inDialog
            />
            <CompanyDatePicker
              label={t('admin:timeOff.endDate')}
              required
              clearable={false}
              value={endDate}
              minDate={startDate}
              onChange={(v) => pickDays(startDate, v)}
              testId="time-off-end"
              inDialog
            />
          </Group>
          <Group>
            <Checkbox
              label={t('admin:timeOff.startHalf')}
              checked={startHalf}
              disabled={startHalfLocked}
              description={startHalfLocked ? t('validation:halfDays') : undefined}
              onChange={(e) => setStartHalf(e.currentTarget.checked)}
            />
            <Checkbox
              label={t('admin:timeOff.endHalf')}
              checked={endHalfShown}
              disabled={endHalfLocked}
              description={endHalfLocked ? t('validation:halfDays') : undefined}
              onChange={(e) => setEndHalf(e.currentTarget.checked)}
            />
          </Group>
          <Textarea
            label={t('admin:timeOff.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <div aria-live="polite" data-testid="time-off-preview">
            {previewError ? (
              <Text c="red.9" size="sm">
                {previewError}
              </Text>
            ) : preview.data && type ? (
              <>
                <Text size="sm">
                  {t('admin:timeOff.counted', {
                    amount: days.amount(preview.data.amount, preview.data.unit),
                    available: days.amount(preview.data.available, preview.data.unit),
                  })}
                </Text>
                {/* A type that may go negative takes it: said before sending, not found in the balance after. */}
                {preview.data.amount > preview.data.available && (
                  <Text size="sm" c="orange.9" fw={500} data-testid="time-off-below-zero">
                    {t('admin:timeOff.belowZero', {
                      after: days.amount(preview.data.available - preview.data.amount, preview.data.unit),
                    })}
                  </Text>
                )}
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('admin:timeOff.pickDates')}
              </Text>
            )}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('admin:timeOff.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
