import { Anchor, Badge, Button, Group, Select, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { useAbility } from '../../lib/ability';
import { useTableState } from '../../lib/use-table-state';
import { type CompanyListItem, exportCompanies, useCompanies } from './api/get-companies';
import { TrialEnd } from './components/trial-end';
import { CompanyCreateDialog } from './components/company-create-dialog';
import { useFormat } from '../../lib/format';
import { When } from '../../components/when';

const SORTS = ['name', 'subDomain', 'createdAt'] as const;
type Sort = (typeof SORTS)[number];

/** Every company of the platform (super admin); writing needs super_admin_write. */
export default function CompaniesScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const canWrite = useAbility().can('write', 'companies');
  const state = useTableState<Sort, 'enabled'>({ sorts: SORTS, defaultSort: 'name', filters: ['enabled'] });
  const companies = useCompanies(state.query);
  const [creating, setCreating] = useState(false);
  const columns: Column<CompanyListItem, Sort>[] = [
    {
      key: 'name',
      header: t('admin:companies.name'),
      sort: 'name',
      render: (c) => (
        <Anchor component={Link} to={`/companies/${c.uuid}`}>
          {c.name}
        </Anchor>
      ),
    },
    { key: 'subDomain', header: t('admin:companies.subDomain'), sort: 'subDomain', render: (c) => c.subDomain },
    { key: 'plan', header: t('admin:companies.plan'), render: (c) => f.plan(c.plan) },
    // Not sortable: the count is kept in another table (member_stats), and sorting on it would sort
    // every company's count before the page (companies.repository.ts, listSql).
    {
      key: 'members',
      header: t('admin:companies.memberCount'),
      render: (c) => <span data-testid="member-count">{f.number(c.memberCount)}</span>,
    },
    { key: 'trialEnd', header: t('admin:companies.trialEnd'), render: (c) => <TrialEnd at={c.trialEndsAt} /> },
    {
      key: 'status',
      header: t('admin:members.status'),
      render: (c) => (
        <Badge variant="dot" color={c.enabled ? 'green' : 'gray'}>
          {c.enabled ? t('admin:status.enabled') : t('admin:status.disabled')}
        </Badge>
      ),
    },
    {
      key: 'createdAt',
      header: t('admin:teams.createdAt'),
      sort: 'createdAt',
      render: (c) => <When value={c.createdAt} show="date" />,
    },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('admin:companies.title')}
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('admin:companies.create')}
          </Button>
        )}
      </Group>
      <DataTable
        testId="companies-table"
        caption={t('admin:companies.title')}
        columns={columns}
        rows={companies.data?.data}
        totalItems={companies.data?.totalItems}
        loading={companies.isFetching}
        state={state}
        rowId={(c) => c.uuid}
        searchLabel={t('admin:companies.search')}
        onExport={() => exportCompanies(state.query)}
        filters={
          <Select
            label={t('admin:members.status')}
            placeholder={t('admin:members.anyStatus')}
            data={[
              { value: 'true', label: t('admin:status.enabled') },
              { value: 'false', label: t('admin:status.disabled') },
            ]}
            value={state.filters.enabled ?? null}
            onChange={(v) => state.setFilter('enabled', v)}
            clearable
            w={150}
          />
        }
      />
      {creating && <CompanyCreateDialog opened onClose={() => setCreating(false)} />}
    </Stack>
  );
}
