import type { Holiday } from '@wac/shared/schemas/attendance';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { ApiError } from '../../../lib/api-client';
import { useFocusRefusedField } from '../../../lib/forms';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateHoliday } from '../api/create-holiday';
import { useUpdateHoliday } from '../api/update-holiday';
import { CompanyDatePicker } from '../../../components/company-date-picker';

/** Add or edit a public holiday: a date and a name. */
export function HolidayFormDialog({ holiday, onClose }: { holiday?: Holiday; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateHoliday();
  const update = useUpdateHoliday();
  const [date, setDate] = useState(holiday?.date ?? '');
  const [name, setName] = useState(holiday?.name ?? '');
  const [errors, setErrors] = useState<{ date?: string; name?: string }>({});
  const [error, setError] = useState<string | null>(null);
  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const next = {
      date: date ? undefined : fieldMessage('required'),
      name: name.trim() ? undefined : fieldMessage('required'),
    };
    setErrors(next);
    if (next.date || next.name) {
      refuse();
      return;
    }
    try {
      if (holiday) await update.mutateAsync({ uuid: holiday.uuid, date, name: name.trim() });
      else await create.mutateAsync({ date, name: name.trim() });
      notify.success(t('admin:attendance.holidaySaved', { name: name.trim() }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={holiday ? t('admin:attendance.editHoliday') : t('admin:attendance.addHoliday')}
    >
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <CompanyDatePicker
            label={t('admin:attendance.date')}
            required
            clearable={false}
            value={date}
            onChange={setDate}
            error={errors.date}
            testId="holiday-date"
            inDialog
          />
          <TextInput
            label={t('admin:attendance.holidayName')}
            withAsterisk
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('admin:common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
