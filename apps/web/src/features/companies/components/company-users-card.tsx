import { MEMBER_SORTS, type Member } from '@wac/shared/schemas/members';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useTableState } from '../../../lib/use-table-state';
import type { Company } from '../api/get-companies';
import { exportCompanyUsers, useCompanyUsers } from '../api/get-company-users';
import { useUpdateCompanyUser } from '../api/update-company-user';

type ChangeBody = { enabled: boolean } | { roles: ('admin' | 'member')[] };

/** A company's users, paged and searched; a super admin who writes enables, disables and promotes them here. */
export function UsersCard({ company, canWrite }: { company: Company; canWrite: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  type Sort = (typeof MEMBER_SORTS)[number];
  const state = useTableState<Sort>({ sorts: MEMBER_SORTS, defaultSort: 'name', prefix: 'u.' });
  const users = useCompanyUsers(company.uuid, state.query);
  const update = useUpdateCompanyUser(company.uuid);
  const nameOf = (m: Member) => `${m.firstName} ${m.lastName}`;
  // The platform's own hand on a company's people (PRODUCT §5: super_admin_write enables, disables
  // and edits a company's users), without entering its console. The server refuses what would
  // leave the company without an admin, with its reason (the client toasts it).
  const change = async (m: Member, body: ChangeBody, done: string) => {
    try {
      await update.mutateAsync({ userUuid: m.uuid, version: m.version, ...body });
      notify.success(t(done, { name: nameOf(m), company: company.name }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  const busy = (m: Member) => update.isPending && update.variables?.userUuid === m.uuid;
  const columns: Column<Member, Sort>[] = [
    {
      key: 'name',
      header: t('admin:members.name'),
      sort: 'name',
      card: 'title',
      render: nameOf,
    },
    { key: 'email', header: t('admin:members.email'), sort: 'email', render: (m) => m.email },
    {
      key: 'role',
      header: t('admin:members.roles'),
      render: (m) => f.roles(m.roles),
    },
    {
      key: 'status',
      header: t('admin:members.status'),
      render: (m) => (m.enabled ? t('admin:status.enabled') : t('admin:status.disabled')),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('admin:common.actions'),
            card: 'actions',
            render: (m: Member) => {
              const admin = m.roles.includes('admin');
              // Each action: what it sends, its label (`…Label` names it with the person), and what it says once done.
              const actions: Array<{ body: ChangeBody; label: string; done: string }> = [
                m.enabled
                  ? { body: { enabled: false }, label: 'disableUser', done: 'userDisabled' }
                  : { body: { enabled: true }, label: 'enableUser', done: 'userEnabled' },
                admin
                  ? { body: { roles: ['member'] }, label: 'dropAdmin', done: 'userAdminDropped' }
                  : { body: { roles: ['admin'] }, label: 'makeAdmin', done: 'userMadeAdmin' },
              ];
              return (
                <Group gap="xs" wrap="nowrap">
                  {actions.map((a) => (
                    <Button
                      key={a.label}
                      size="xs"
                      variant="default"
                      disabled={busy(m)}
                      onClick={() => void change(m, a.body, `admin:companies.${a.done}`)}
                      aria-label={t(`admin:companies.${a.label}Label`, { name: nameOf(m), company: company.name })}
                    >
                      {t(`admin:companies.${a.label}`)}
                    </Button>
                  ))}
                </Group>
              );
            },
          } satisfies Column<Member, Sort>,
        ]
      : []),
  ];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('admin:companies.users')}
      </Title>
      <DataTable
        testId="company-users"
        caption={t('admin:companies.users')}
        columns={columns}
        rows={users.data?.data}
        totalItems={users.data?.totalItems}
        loading={users.isFetching}
        state={state}
        rowId={(m) => m.uuid}
        searchLabel={t('admin:members.search')}
        onExport={() => exportCompanyUsers(company, state.query)}
      />
    </Stack>
  );
}
