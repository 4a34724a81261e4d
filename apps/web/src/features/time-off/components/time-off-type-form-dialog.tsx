import type { TimeOffType } from '@wac/shared/schemas/time-off-types';
import { Alert, Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { BoundedNumberInput } from '../../../components/bounded-number-input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { ColorField } from '../../../components/color-field';
import { useFocusRefusedField } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateTimeOffType } from '../api/create-time-off-type';
import { useUpdateTimeOffType } from '../api/update-time-off-type';

const num = (v: string | number) => (typeof v === 'number' ? v : v.trim() === '' ? null : Number(v));

/** Create or edit a time-off type: name, colour, unit, allowance, accrual, carry-over cap and rules. */
export function TimeOffTypeFormDialog({ timeOffType, onClose }: { timeOffType?: TimeOffType; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateTimeOffType();
  const update = useUpdateTimeOffType(timeOffType?.uuid ?? '');
  const [name, setName] = useState(timeOffType?.name ?? '');
  const [color, setColor] = useState(timeOffType?.color ?? '#1c7ed6');
  const [paid, setPaid] = useState(timeOffType?.paid ?? true);
  const [unit, setUnit] = useState<'days' | 'hours'>(timeOffType?.unit ?? 'days');
  const [allowance, setAllowance] = useState<string | number>(timeOffType?.yearlyAllowance ?? 0);
  const [accrual, setAccrual] = useState<'yearly' | 'monthly'>(timeOffType?.accrual ?? 'yearly');
  const [cap, setCap] = useState<string | number>(timeOffType ? (timeOffType.carryOverCap ?? '') : 0);
  const [needsApproval, setNeedsApproval] = useState(timeOffType?.needsApproval ?? true);
  const [allowNegative, setAllowNegative] = useState(timeOffType?.allowNegative ?? false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

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
    const fields = {
      name: name.trim(),
      color,
      paid,
      unit,
      yearlyAllowance: num(allowance) ?? 0,
      accrual,
      carryOverCap: num(cap),
      needsApproval,
      allowNegative,
    };
    try {
      if (timeOffType) await update.mutateAsync({ version: timeOffType.version, ...fields });
      else await create.mutateAsync(fields);
      notify.success(t('admin:timeOffTypes.saved', { name: fields.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={timeOffType ? t('admin:timeOffTypes.edit') : t('admin:timeOffTypes.create')}
    >
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin:timeOffTypes.name')}
            withAsterisk
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
          <ColorField label={t('admin:timeOffTypes.color')} value={color} onChange={setColor} />
          <Group grow>
            <Select
              label={t('admin:timeOffTypes.unit')}
              data={[
                { value: 'days', label: t('admin:timeOffTypes.units.days') },
                { value: 'hours', label: t('admin:timeOffTypes.units.hours') },
              ]}
              value={unit}
              onChange={(v) => v && setUnit(v as 'days' | 'hours')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('admin:timeOffTypes.accrual')}
              // When the days arrive: a new type showed everyone 0 days with nothing saying why.
              description={t(`admin:timeOffTypes.accrualHelp.${accrual}`)}
              data={[
                { value: 'yearly', label: t('admin:timeOffTypes.accruals.yearly') },
                { value: 'monthly', label: t('admin:timeOffTypes.accruals.monthly') },
              ]}
              value={accrual}
              onChange={(v) => v && setAccrual(v as 'yearly' | 'monthly')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
          </Group>
          <Group grow>
            <BoundedNumberInput
              label={t('admin:timeOffTypes.yearlyAllowance')}
              min={0}
              max={3660}
              decimalScale={2}
              value={allowance}
              onChange={setAllowance}
            />
            <BoundedNumberInput
              label={t('admin:timeOffTypes.carryOverCap')}
              description={t('admin:timeOffTypes.carryOverHint')}
              min={0}
              max={3660}
              decimalScale={2}
              value={cap}
              onChange={setCap}
            />
          </Group>
          <Switch
            label={t('admin:timeOffTypes.paid')}
            checked={paid}
            onChange={(e) => setPaid(e.currentTarget.checked)}
          />
          <Switch
            label={t('admin:timeOffTypes.needsApproval')}
            checked={needsApproval}
            onChange={(e) => setNeedsApproval(e.currentTarget.checked)}
          />
          <Switch
            label={t('admin:timeOffTypes.allowNegative')}
            checked={allowNegative}
            onChange={(e) => setAllowNegative(e.currentTarget.checked)}
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
