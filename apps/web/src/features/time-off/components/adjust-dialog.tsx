import { type AdjustmentCreate, AdjustmentCreateSchema } from '@wac/shared/schemas/time-off';
import type { TimeOffType } from '@wac/shared/schemas/time-off-types';
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { BoundedNumberInput } from '../../../components/bounded-number-input';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage, issueMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useAdjustBalance, useSearchPeople } from '../api/adjust-balance';
import { useDays } from '../../../lib/days';

type Field = 'person' | 'amount' | 'reason';
/** The schema's fields this form shows by its own names (the type has a value from the start). */
const FIELDS: Partial<Record<keyof AdjustmentCreate, Field>> = {
  userUuid: 'person',
  amount: 'amount',
  reason: 'reason',
};

/** An admin grants or adjusts someone's balance of a type, always with a reason (a ledger row). */
export function AdjustDialog({ types, onClose }: { types: TimeOffType[]; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const days = useDays();
  const adjust = useAdjustBalance();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = useSearchPeople(debounced);
  const [userUuid, setUser] = useState<string | null>(null);
  const [typeUuid, setType] = useState<string | null>(types[0]?.uuid ?? null);
  const [kind, setKind] = useState<'grant' | 'adjustment'>('adjustment');
  const [amount, setAmount] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<Partial<Record<Field, string>>>({});
  const type = types.find((x) => x.uuid === typeUuid);
  // A field's "required" goes once it is filled: left there, it also hid the range the amount is outside.
  const filled = (field: Field) => setMissing(({ [field]: _, ...rest }) => rest);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    // Checked against the shared schema: each refused field says so where it is, the first one
    // focused (one sentence above the form had marked none of them); an empty field is 'required'.
    const values = {
      userUuid: userUuid ?? '',
      typeUuid: typeUuid ?? '',
      kind,
      amount: amount === '' ? Number.NaN : Number(amount),
      reason: reason.trim(),
    };
    const parsed = AdjustmentCreateSchema.safeParse(values);
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = FIELDS[issue.path[0] as keyof typeof FIELDS];
      if (!field) continue;
      const empty = field === 'amount' ? amount === '' : !values[issue.path[0] as 'userUuid' | 'reason'];
      found[field] ??= empty ? fieldMessage('required') : issueMessage(issue);
    }
    setMissing(found);
    if (!parsed.success) {
      const first = (['person', 'amount', 'reason'] as const).find((k) => found[k]);
      if (first) document.getElementById(`${formId}-${first}`)?.focus();
      else setError(t('admin:timeOff.adjustIncomplete'));
      return;
    }
    try {
      const b = await adjust.mutateAsync(parsed.data);
      notify.success(t('admin:timeOff.adjusted', { balance: days.amount(b.balance, b.type.unit) }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={t('admin:timeOff.adjust')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Select
            label={t('admin:timeOff.person')}
            withAsterisk
            searchable
            data-autofocus
            // Focused as the dialog opens: its list opens on typing, not over the form at once (a phone saw nothing else).
            openOnFocus={false}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            data={(people.data?.data ?? []).map((p) => ({ value: p.uuid, label: `${p.firstName} ${p.lastName}` }))}
            id={`${formId}-person`}
            error={missing.person}
            value={userUuid}
            onChange={(v) => {
              setUser(v);
              filled('person');
            }}
            nothingFoundMessage={t('admin:timeOff.nobodyFound')}
            comboboxProps={{ withinPortal: false }}
          />
          <Group grow>
            <Select
              label={t('admin:timeOff.type')}
              data={types.map((x) => ({ value: x.uuid, label: x.name }))}
              value={typeUuid}
              onChange={setType}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('admin:timeOff.entry')}
              data={[
                { value: 'adjustment', label: t('admin:timeOff.kinds.adjustment') },
                { value: 'grant', label: t('admin:timeOff.kinds.grant') },
              ]}
              value={kind}
              onChange={(v) => v && setKind(v as 'grant' | 'adjustment')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
          </Group>
          <BoundedNumberInput
            label={type?.unit === 'hours' ? t('admin:timeOff.amountHours') : t('admin:timeOff.amountDays')}
            description={t('admin:timeOff.amountHint')}
            withAsterisk
            decimalScale={2}
            min={-3660}
            max={3660}
            id={`${formId}-amount`}
            error={missing.amount}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              filled('amount');
            }}
          />
          <TextInput
            label={t('admin:timeOff.reason')}
            withAsterisk
            id={`${formId}-reason`}
            error={missing.reason}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              filled('reason');
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={adjust.isPending}>
              {t('admin:common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
