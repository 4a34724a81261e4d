import { Code, Group, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { useTableState } from '../../lib/use-table-state';
import { type AuditEntry, exportAuditLog, useAuditLog } from './api/get-audit-log';

const SORTS = ['createdAt'] as const;
type Filter = 'action' | 'from' | 'to';

/** Day boundaries of a date input, in the browser's time zone, as the ISO instants the API takes. */
const dayStart = (d: string) => new Date(`${d}T00:00:00`).toISOString();
const dayEnd = (d: string) => new Date(`${d}T23:59:59.999`).toISOString();

function summary(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = JSON.stringify(v);
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

/** Every admin write of the company: who, what, before/after, when, from where (compliance). */
export default function AuditLogScreen() {
  const { t } = useTranslation();
  const state = useTableState<(typeof SORTS)[number], Filter>({
    sorts: SORTS,
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filters: ['action', 'from', 'to'],
  });
  // The audit API filters by action (the search box), and a date range; it has no sort column.
  const { search, sort: _sort, from, to, ...rest } = state.query;
  const query = {
    ...rest,
    action: (state.filters.action ?? search) || undefined,
    from: typeof from === 'string' ? dayStart(from) : undefined,
    to: typeof to === 'string' ? dayEnd(to) : undefined,
  };
  const log = useAuditLog(query);
  const columns: Column<AuditEntry, 'createdAt'>[] = [
    {
      key: 'createdAt',
      header: t('admin:audit.when'),
      sort: 'createdAt',
      render: (e) => new Date(e.createdAt).toLocaleString(),
    },
    {
      key: 'actor',
      header: t('admin:audit.actor'),
      render: (e) => (e.actor ? `${e.actor.firstName} ${e.actor.lastName} <${e.actor.email}>` : '—'),
    },
    { key: 'action', header: t('admin:audit.action'), render: (e) => <Code>{e.action}</Code> },
    { key: 'target', header: t('admin:audit.target'), render: (e) => `${e.targetType} ${e.targetId ?? ''}` },
    {
      key: 'change',
      header: t('admin:audit.change'),
      render: (e) => (
        <Stack gap={2}>
          {e.before !== null && e.before !== undefined && <Code>- {summary(e.before)}</Code>}
          {e.after !== null && e.after !== undefined && <Code>+ {summary(e.after)}</Code>}
        </Stack>
      ),
    },
    { key: 'ip', header: t('admin:audit.from'), render: (e) => e.ip ?? '—' },
  ];
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('admin:audit.title')}
      </Title>
      <DataTable
        testId="audit-table"
        caption={t('admin:audit.title')}
        columns={columns}
        rows={log.data?.data}
        totalItems={log.data?.totalItems}
        loading={log.isFetching}
        state={state}
        rowId={(e) => e.uuid}
        searchLabel={t('admin:audit.searchAction')}
        onExport={() => exportAuditLog(query)}
        filters={
          <Group gap="sm">
            <TextInput
              type="date"
              aria-label={t('admin:audit.fromDate')}
              value={state.filters.from ?? ''}
              onChange={(e) => state.setFilter('from', e.currentTarget.value || null)}
            />
            <TextInput
              type="date"
              aria-label={t('admin:audit.toDate')}
              value={state.filters.to ?? ''}
              onChange={(e) => state.setFilter('to', e.currentTarget.value || null)}
            />
          </Group>
        }
      />
    </Stack>
  );
}
