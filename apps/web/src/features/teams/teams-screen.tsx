import type { Team } from '@wac/shared/schemas/teams';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { useAbility } from '../../lib/ability';
import { useTableState } from '../../lib/use-table-state';
import { exportTeams, useTeams } from './api/get-teams';
import { TeamFormDialog } from './components/team-form-dialog';
import { When } from '../../components/when';

const SORTS = ['name', 'createdAt', 'members'] as const;
type Sort = (typeof SORTS)[number];

export default function TeamsScreen() {
  const { t } = useTranslation();
  const state = useTableState<Sort>({ sorts: SORTS, defaultSort: 'name' });
  const teams = useTeams(state.query);
  const [creating, setCreating] = useState(false);
  // A visiting super admin reads the teams; only the company's admins change them.
  const canWrite = useAbility().can('write', 'team');
  const columns: Column<Team, Sort>[] = [
    {
      key: 'name',
      header: t('admin:teams.name'),
      sort: 'name',
      render: (tm) => (
        <Anchor component={Link} to={`/teams/${tm.uuid}`}>
          {tm.name}
        </Anchor>
      ),
    },
    { key: 'description', header: t('admin:teams.description'), render: (tm) => tm.description ?? '' },
    {
      key: 'lead',
      header: t('admin:teams.lead'),
      render: (tm) => (tm.lead ? `${tm.lead.firstName} ${tm.lead.lastName}` : '—'),
    },
    { key: 'members', header: t('admin:teams.memberCount'), sort: 'members', render: (tm) => tm.memberCount },
    {
      key: 'createdAt',
      header: t('admin:teams.createdAt'),
      sort: 'createdAt',
      render: (tm) => <When value={tm.createdAt} show="date" />,
    },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('admin:teams.title')}
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('admin:teams.create')}
          </Button>
        )}
      </Group>
      <DataTable
        testId="teams-table"
        caption={t('admin:teams.title')}
        columns={columns}
        rows={teams.data?.data}
        totalItems={teams.data?.totalItems}
        loading={teams.isFetching}
        state={state}
        rowId={(tm) => tm.uuid}
        searchLabel={t('admin:teams.search')}
        onExport={() => exportTeams(state.query)}
      />
      {creating && <TeamFormDialog opened onClose={() => setCreating(false)} />}
    </Stack>
  );
}
