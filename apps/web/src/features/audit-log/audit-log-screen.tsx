import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@wac/shared/audit';
import { Alert, Button, Group, Select, Stack, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { When } from '../../components/when';
import { useFormat } from '../../lib/format';
import { useTableState } from '../../lib/use-table-state';
import { type AuditEntry, exportAuditLog, useAuditLog } from './api/get-audit-log';
import { useAuditPeople } from './api/get-audit-people';
import { useVerifyAuditLog } from './api/verify-audit-log';
import { AuditChanges, AuditSentence } from './components/audit-entry';
import { CompanyDatePicker } from '../../components/company-date-picker';

const SORTS = ['createdAt'] as const;
type Filter = 'action' | 'actor' | 'targetType' | 'from' | 'to';

/** Day boundaries of a date input, in the browser's time zone, as the ISO instants the API takes. */
const dayStart = (d: string) => new Date(`${d}T00:00:00`).toISOString();
const dayEnd = (d: string) => new Date(`${d}T23:59:59.999`).toISOString();

/** Who: the company's people, searched as one types; the chosen one stays named. */
function PersonFilter({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = useAuditPeople(debounced);
  const [known, setKnown] = useState<Record<string, string>>({});
  const data = useMemo(() => {
    const found = (people.data?.data ?? []).map((p) => ({ value: p.uuid, label: `${p.firstName} ${p.lastName}` }));
    if (value && known[value] && !found.some((p) => p.value === value)) found.unshift({ value, label: known[value] });
    return found;
  }, [people.data, value, known]);
  return (
    <Select
      label={t('admin:audit.person')}
      placeholder={t('admin:audit.anyPerson')}
      searchable
      clearable
      data={data}
      value={value}
      onSearchChange={setSearch}
      onChange={(v, option) => {
        if (v && option) setKnown((k) => ({ ...k, [v]: option.label }));
        onChange(v);
      }}
      nothingFoundMessage={t('admin:table.empty')}
      w={200}
    />
  );
}

/**
 * Every admin write and sign-in of the company, each a sentence in the reader's language ("Alice
 * Anders invited carol.new@acme.test as Member") with its people and things linked, when it
 * happened, from where, and what changed; filtered by person, action, what it concerns and dates.
 */
export default function AuditLogScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const state = useTableState<(typeof SORTS)[number], Filter>({
    sorts: SORTS,
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filters: ['action', 'actor', 'targetType', 'from', 'to'],
  });
  // The audit API takes no text search and no sort column (always by time).
  const { search: _search, sort: _sort, from, to, ...rest } = state.query;
  const query = {
    ...rest,
    from: typeof from === 'string' ? dayStart(from) : undefined,
    to: typeof to === 'string' ? dayEnd(to) : undefined,
  };
  const log = useAuditLog(query);
  const verify = useVerifyAuditLog();
  const result = verify.data;
  const actions = useMemo(
    () =>
      AUDIT_ACTIONS.map((a) => ({ value: a, label: f.action(a) })).sort((x, y) =>
        x.label.localeCompare(y.label, f.language),
      ),
    [f],
  );
  const columns: Column<AuditEntry, 'createdAt'>[] = [
    { key: 'entry', header: t('admin:audit.entry'), card: 'title', render: (e) => <AuditSentence entry={e} /> },
    { key: 'createdAt', header: t('admin:audit.when'), sort: 'createdAt', render: (e) => <When value={e.createdAt} /> },
    { key: 'ip', header: t('admin:audit.from'), render: (e) => e.ip ?? t('admin:profile.none') },
    { key: 'change', header: t('admin:audit.changes'), render: (e) => <AuditChanges entry={e} /> },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('admin:audit.title')}
        </Title>
        <Button
          variant="default"
          leftSection={<IconShieldCheck size={16} aria-hidden />}
          loading={verify.isPending}
          onClick={() => verify.mutate()}
        >
          {t('admin:audit.verify')}
        </Button>
      </Group>
      {result && (
        <Alert color={result.intact ? 'teal' : 'red'} role="status" data-testid="audit-verify-result">
          {result.intact
            ? t('admin:audit.verifyIntact', { count: result.checked })
            : t('admin:audit.verifyBroken', {
                seq: f.number(result.firstBroken?.seq ?? 0),
                action: result.firstBroken?.action ? f.action(result.firstBroken.action) : '–',
                when: result.firstBroken?.createdAt ? f.dateTime(result.firstBroken.createdAt) : '–',
                id: result.firstBroken?.uuid ?? '–',
                reason: t(`admin:audit.verifyReason.${result.firstBroken?.reason ?? 'row_missing'}`),
              })}
        </Alert>
      )}
      <DataTable
        testId="audit-table"
        caption={t('admin:audit.title')}
        columns={columns}
        rows={log.data?.data}
        totalItems={log.data?.totalItems}
        totalIsLowerBound={log.data?.totalIsLowerBound}
        loading={log.isFetching}
        state={state}
        rowId={(e) => e.uuid}
        searchable={false}
        emptyText={t('admin:audit.empty')}
        onExport={() => exportAuditLog(query)}
        filters={
          <Group gap="sm" align="flex-end">
            <PersonFilter value={state.filters.actor ?? null} onChange={(v) => state.setFilter('actor', v)} />
            <Select
              label={t('admin:audit.actionType')}
              placeholder={t('admin:audit.anyAction')}
              data={actions}
              searchable
              clearable
              value={state.filters.action ?? null}
              onChange={(v) => state.setFilter('action', v)}
              w={220}
            />
            <Select
              label={t('admin:audit.targetType')}
              placeholder={t('admin:audit.anyTarget')}
              data={AUDIT_TARGET_TYPES.map((c) => ({ value: c, label: f.target(c) }))}
              clearable
              value={state.filters.targetType ?? null}
              onChange={(v) => state.setFilter('targetType', v)}
              w={170}
            />
            <CompanyDatePicker
              label={t('admin:audit.fromDate')}
              value={state.filters.from ?? ''}
              maxDate={state.filters.to ?? undefined}
              onChange={(v) => state.setFilter('from', v || null)}
              testId="audit-from"
            />
            <CompanyDatePicker
              label={t('admin:audit.toDate')}
              value={state.filters.to ?? ''}
              minDate={state.filters.from ?? undefined}
              onChange={(v) => state.setFilter('to', v || null)}
              testId="audit-to"
            />
          </Group>
        }
      />
    </Stack>
  );
}
