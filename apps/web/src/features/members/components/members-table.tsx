import { MEMBER_SORTS, type Member } from '@wac/shared/schemas/members';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table';
import { PresenceBadge } from '../../../components/presence-badge';
import { usePresence } from '../../../lib/presence';
import { ApiError } from '../../../lib/api-client';
import { useTableState } from '../../../lib/use-table-state';
import { type BulkResult, useBulkMembers } from '../api/bulk-members';
import { exportMembers, useMembers } from '../api/get-members';
import { useTeamOptions } from '../api/get-team-options';
import { When } from '../../../components/when';

type Sort = (typeof MEMBER_SORTS)[number];
type Filter = 'role' | 'status' | 'team';

function TeamFilter({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const teams = useTeamOptions(search);
  return (
    <Select
      label={t('admin:members.team')}
      placeholder={t('admin:members.anyTeam')}
      data={(teams.data?.data ?? []).map((tm) => ({ value: tm.uuid, label: tm.name }))}
      value={value}
      onChange={onChange}
      searchable
      onSearchChange={setSearch}
      clearable
      nothingFoundMessage={t('admin:table.empty')}
      w={180}
    />
  );
}

export function MembersTable() {
  const { t } = useTranslation();
  const state = useTableState<Sort, Filter>({
    sorts: MEMBER_SORTS,
    defaultSort: 'createdAt',
    defaultOrder: 'asc',
    filters: ['role', 'status', 'team'],
  });
  const members = useMembers(state.query);
  const [selected, setSelected] = useState<string[]>([]);
  const bulk = useBulkMembers();
  const [results, setResults] = useState<BulkResult | null>(null);
  // Removing takes people out of the company (back only by a new invitation): asked first, as on a member's page.
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  // Selected rows may come from several pages; their emails are remembered for the results report.
  const emails = useRef(new Map<string, string>());
  for (const m of members.data?.data ?? []) emails.current.set(m.uuid, m.email);

  const runBulk = async (action: 'enable' | 'disable' | 'remove' | 'setRole', role?: 'admin' | 'member') => {
    try {
      const res = await bulk.mutateAsync({ action, uuids: selected, role });
      setResults(res);
      setSelected([]);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  const nameOf = (m: Member) => `${m.firstName} ${m.lastName}`;
  // The page's people's presence, live (presence_changed updates it).
  const presence = usePresence((members.data?.data ?? []).map((m) => m.uuid)).data;
  const columns: Column<Member, Sort>[] = [
    {
      key: 'name',
      header: t('admin:members.name'),
      sort: 'name',
      render: (m) => (
        <Anchor component={Link} to={`/users/${m.uuid}`}>
          {nameOf(m)}
        </Anchor>
      ),
    },
    { key: 'email', header: t('admin:members.email'), sort: 'email', render: (m) => m.email },
    {
      key: 'role',
      header: t('admin:members.roles'),
      sort: 'role',
      render: (m) => (
        <Group gap={4}>
          {m.roles.map((r) => (
            <Badge key={r} variant="light" color={r === 'admin' ? 'grape' : 'blue'}>
              {t(`admin:roles.${r}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'status',
      header: t('admin:members.status'),
      render: (m) => (
        <Badge variant="dot" color={m.enabled ? 'green' : 'gray'}>
          {m.enabled ? t('admin:status.enabled') : t('admin:status.disabled')}
        </Badge>
      ),
    },
    {
      key: 'presence',
      header: t('admin:members.presence'),
      render: (m) => <PresenceBadge status={presence?.[m.uuid]} />,
    },
    {
      key: 'createdAt',
      header: t('admin:members.joined'),
      sort: 'createdAt',
      render: (m) => <When value={m.createdAt} show="date" />,
    },
  ];

  return (
    <>
      <DataTable
        testId="members-table"
        caption={t('admin:members.caption')}
        columns={columns}
        rows={members.data?.data}
        totalItems={members.data?.totalItems}
        loading={members.isFetching}
        state={state}
        rowId={(m) => m.uuid}
        rowLabel={nameOf}
        searchLabel={t('admin:members.search')}
        onExport={() => exportMembers(state.query)}
        filters={
          <>
            <Select
              label={t('admin:members.role')}
              placeholder={t('admin:members.anyRole')}
              data={[
                { value: 'admin', label: t('admin:roles.admin') },
                { value: 'member', label: t('admin:roles.member') },
              ]}
              value={state.filters.role ?? null}
              onChange={(v) => state.setFilter('role', v)}
              clearable
              w={150}
            />
            <Select
              label={t('admin:members.status')}
              placeholder={t('admin:members.anyStatus')}
              data={[
                { value: 'enabled', label: t('admin:status.enabled') },
                { value: 'disabled', label: t('admin:status.disabled') },
              ]}
              value={state.filters.status ?? null}
              onChange={(v) => state.setFilter('status', v)}
              clearable
              w={150}
            />
            <TeamFilter value={state.filters.team ?? null} onChange={(v) => state.setFilter('team', v)} />
          </>
        }
        selection={{
          selected,
          onChange: setSelected,
          actions: (
            <>
              <Button size="xs" variant="light" onClick={() => void runBulk('enable')} loading={bulk.isPending}>
                {t('admin:bulk.enable')}
              </Button>
              <Button size="xs" variant="light" onClick={() => void runBulk('disable')} loading={bulk.isPending}>
                {t('admin:bulk.disable')}
              </Button>
              <Button
                size="xs"
                variant="light"
                onClick={() => void runBulk('setRole', 'admin')}
                loading={bulk.isPending}
              >
                {t('admin:bulk.makeAdmin')}
              </Button>
              <Button
                size="xs"
                variant="light"
                onClick={() => void runBulk('setRole', 'member')}
                loading={bulk.isPending}
              >
                {t('admin:bulk.makeMember')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => setConfirmingRemove(true)}
                loading={bulk.isPending}
              >
                {t('admin:bulk.remove')}
              </Button>
            </>
          ),
        }}
      />
      <AppDialog
        opened={confirmingRemove}
        onClose={() => setConfirmingRemove(false)}
        title={t('admin:bulk.removeTitle')}
      >
        <Stack>
          <Text>{t('admin:bulk.removeText', { count: selected.length })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingRemove(false)}>
              {t('admin:common.cancel')}
            </Button>
            <Button
              color="red.9"
              loading={bulk.isPending}
              onClick={() => {
                setConfirmingRemove(false);
                void runBulk('remove');
              }}
              data-testid="bulk-remove-confirm"
            >
              {t('admin:member.remove')}
            </Button>
          </Group>
        </Stack>
      </AppDialog>
      <AppDialog opened={results !== null} onClose={() => setResults(null)} title={t('admin:bulk.resultsTitle')}>
        <Stack>
          <Text size="sm">
            {t('admin:bulk.summary', {
              done: t('admin:bulk.doneCount', { count: results?.results.filter((r) => r.ok).length ?? 0 }),
              failed: t('admin:bulk.failedCount', { count: results?.results.filter((r) => !r.ok).length ?? 0 }),
            })}
          </Text>
          <Table data-testid="bulk-results">
            <Table.Caption>{t('admin:bulk.resultsTitle')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin:members.email')}</Table.Th>
                <Table.Th scope="col">{t('admin:bulk.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results?.results.map((r) => {
                return (
                  <Table.Tr key={r.uuid}>
                    <Table.Td>{emails.current.get(r.uuid) ?? r.uuid}</Table.Td>
                    <Table.Td>{r.ok ? t('admin:bulk.ok') : (r.message ?? r.code)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      </AppDialog>
    </>
  );
}
