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
  const change = async (m: Member, body: { enabled: boolean } | { roles: ('admin' | 'member')[] }, done: string) => {
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
      render: (m) => `${m.firstName} ${m.lastName}`,
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
              const vars = { name: nameOf(m), company: company.name };
              const admin = m.roles.includes('admin');
              return (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    disabled={busy(m)}
                    onClick={() =>
                      void change(
                        m,
                        { enabled: !m.enabled },
                        m.enabled ? 'admin:companies.userDisabled' : 'admin:companies.userEnabled',
                      )
                    }
                    aria-label={t(
                      m.enabled ? 'admin:companies.disableUserLabel' : 'admin:companies.enableUserLabel',
                      vars,
                    )}
                  >
                    {t(m.enabled ? 'admin:companies.disableUser' : 'admin:companies.enableUser')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={busy(m)}
                    onClick={() =>
                      void change(
                        m,
                        { roles: admin ? ['member'] : ['admin'] },
                        admin ? 'admin:companies.userAdminDropped' : 'admin:companies.userMadeAdmin',
                      )
                    }
                    aria-label={t(admin ? 'admin:companies.dropAdminLabel' : 'admin:companies.makeAdminLabel', vars)}
                  >
                    {t(admin ? 'admin:companies.dropAdmin' : 'admin:companies.makeAdmin')}
                  </Button>
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
