import type { Policy } from '@wac/shared/schemas/policies';
import { Anchor, Badge, Button, Group, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { CompanyEvidenceExport } from '../../components/company-evidence-export';
import { PageHeading } from '../../components/page-heading';
import { useFormat } from '../../lib/format';
import { useTableState } from '../../lib/use-table-state';
import { usePolicies } from './api/get-policies';
import { PolicyFormDialog } from './components/policy-form-dialog';

const SORTS = ['title', 'createdAt'] as const;
type Sort = (typeof SORTS)[number];

/** Filled, dark shades: readable (WCAG AA) in light and dark skins, like the day board's. */
export const STATUS_COLOR: Record<string, string> = {
  draft: 'gray.7',
  active: 'teal.9',
  archived: 'dark.6',
  acknowledged: 'teal.9',
  outstanding: 'blue.9',
  overdue: 'red.9',
};

/** The company's policies (compliance admins): status, current version, and a new one. */
export default function PoliciesScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const state = useTableState<Sort, 'status'>({ sorts: SORTS, defaultSort: 'title', filters: ['status'] });
  const rows = usePolicies(state.query);
  const [creating, setCreating] = useState(false);

  const columns: Column<Policy, Sort>[] = [
    {
      key: 'title',
      header: t('admin:policies.policyTitle'),
      sort: 'title',
      card: 'title',
      render: (r) => (
        <Anchor component={Link} to={`/policies/${r.uuid}`}>
          {r.title}
        </Anchor>
      ),
    },
    { key: 'category', header: t('admin:policies.category'), render: (r) => r.category || t('admin:policies.none') },
    {
      key: 'status',
      header: t('admin:policies.status'),
      render: (r) => (
        <Badge color={STATUS_COLOR[r.status]} variant="filled">
          {f.status(r.status)}
        </Badge>
      ),
    },
    {
      key: 'version',
      header: t('admin:policies.currentVersion'),
      render: (r) => (r.currentNumber ? f.number(r.currentNumber) : t('admin:policies.none')),
    },
    { key: 'createdAt', header: t('admin:policies.createdAt'), sort: 'createdAt', render: (r) => f.date(r.createdAt) },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageHeading>{t('admin:policies.title')}</PageHeading>
        <Group gap="sm">
          <CompanyEvidenceExport />
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('admin:policies.create')}
          </Button>
        </Group>
      </Group>
      <DataTable
        testId="policies-table"
        caption={t('admin:policies.title')}
        columns={columns}
        rows={rows.data?.data}
        totalItems={rows.data?.totalItems}
        loading={rows.isFetching}
        state={state}
        rowId={(r) => r.uuid}
        searchLabel={t('admin:policies.search')}
        filters={
          <Select
            label={t('admin:policies.status')}
            placeholder={t('admin:policies.anyStatus')}
            clearable
            data={(['draft', 'active', 'archived'] as const).map((s) => ({ value: s, label: f.status(s) }))}
            value={state.filters.status ?? null}
            onChange={(v) => state.setFilter('status', v)}
            w={170}
          />
        }
      />
      {creating && <PolicyFormDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
}
