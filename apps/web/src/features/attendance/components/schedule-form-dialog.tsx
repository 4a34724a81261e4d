import type { WorkSchedule } from '@wac/shared/schemas/attendance';
import { Alert, Button, Checkbox, Group, Stack, Table, TextInput } from '@mantine/core';
import { BoundedNumberInput } from '../../../components/bounded-number-input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { CompanyTimeField } from '../../../components/company-time-field';
import { useFocusRefusedField } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateSchedule } from '../api/create-schedule';
import { useUpdateSchedule } from '../api/update-schedule';
import { weekdayNames } from '../../../lib/weekday-names';

type Day = { start: string; end: string } | null;
const OFFICE: Day[] = [...Array.from({ length: 5 }, () => ({ start: '09:00', end: '17:00' })), null, null];

/** Create or edit a work schedule: hours per weekday (an end before the start runs past midnight), break and grace. */
export function ScheduleFormDialog({ schedule, onClose }: { schedule?: WorkSchedule; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const [name, setName] = useState(schedule?.name ?? '');
  const [days, setDays] = useState<Day[]>(schedule?.days ?? OFFICE);
  const [breakMinutes, setBreak] = useState<number | string>(schedule?.breakMinutes ?? 30);
  const [graceMinutes, setGrace] = useState<number | string>(schedule?.graceMinutes ?? 10);
  const [isDefault, setDefault] = useState(schedule?.isDefault ?? false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const names = weekdayNames(i18n.language);
  const setDay = (i: number, d: Day) => setDays(days.map((x, j) => (j === i ? d : x)));

  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setNameError(undefined);
    if (!name.trim()) {
      setNameError(fieldMessage('required'));
      refuse();
      return;
    }
    const fields = { name: name.trim(), days, breakMinutes: Number(breakMinutes), graceMinutes: Number(graceMinutes) };
    try {
      if (schedule) {
        await update.mutateAsync({
          uuid: schedule.uuid,
          version: schedule.version,
          ...fields,
          ...(isDefault && !schedule.isDefault ? { isDefault: true as const } : {}),
        });
      } else await create.mutateAsync({ ...fields, isDefault });
      notify.success(t('admin:attendance.scheduleSaved', { name: fields.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      size="lg"
      title={schedule ? t('admin:attendance.editSchedule') : t('admin:attendance.addSchedule')}
    >
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin:attendance.scheduleName')}
            withAsterisk
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
          <Table aria-label={t('admin:attendance.hours')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin:attendance.day')}</Table.Th>
                <Table.Th>{t('admin:attendance.start')}</Table.Th>
                <Table.Th>{t('admin:attendance.end')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((d, i) => (
                <Table.Tr key={names[i]}>
                  {/* The day's name labels its own checkbox: a column of its own for the checkboxes made the
                      table wider than a phone's dialog (the end times were cut off in German at 390 px). */}
                  <Table.Td>
                    <Checkbox
                      label={names[i]}
                      aria-label={t('admin:attendance.worksOn', { day: names[i] })}
                      checked={!!d}
                      onChange={(e) => setDay(i, e.currentTarget.checked ? { start: '09:00', end: '17:00' } : null)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {d && (
                      <CompanyTimeField
                        name={t('admin:attendance.startOn', { day: names[i] })}
                        value={d.start}
                        onChange={(start) => setDay(i, { ...d, start })}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {d && (
                      <CompanyTimeField
                        name={t('admin:attendance.endOn', { day: names[i] })}
                        value={d.end}
                        onChange={(end) => setDay(i, { ...d, end })}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group grow>
            <BoundedNumberInput
              label={t('admin:attendance.breakMinutes')}
              min={0}
              max={600}
              value={breakMinutes}
              onChange={setBreak}
            />
            <BoundedNumberInput
              label={t('admin:attendance.graceMinutes')}
              min={0}
              max={600}
              value={graceMinutes}
              onChange={setGrace}
            />
          </Group>
          <Checkbox
            label={t('admin:attendance.isDefault')}
            checked={isDefault}
            disabled={schedule?.isDefault}
            onChange={(e) => setDefault(e.currentTarget.checked)}
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
