import { MEMBER_SORTS, type Member } from '@wac/shared/schemas/members';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type Column, DataTable } from '../../../components/data-table';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useTableState } from '../../../lib/use-table-state';
import type { Company } from '../api/get-companies';
import { exportCompanyUsers, useCompanyUsers } from '../api/get-company-users';
import { useRemoveCompanyUser } from '../api/remove-company-user';
import { useRevokeCompanyUserSessions } from '../api/revoke-company-user-sessions';
import { useUpdateCompanyUser } from '../api/update-company-user';
import { CompanyUserAddDialog } from './company-user-add-dialog';

type ChangeBody = { enabled: boolean } | { roles: ('admin' | 'member')[] };
/** What a confirm dialog is open for: taking a person out of the company, or signing them out of it. */
type Asking = { kind: 'remove' | 'revoke'; member: Member };

/**
 * A company's users, paged and searched; a super admin who writes adds people with an account,
 * enables, disables and promotes them, ends their sessions in this company and removes them here.
 */
export function UsersCard({ company, canWrite }: { company: Company; canWrite: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  type Sort = (typeof MEMBER_SORTS)[number];
  const state = useTableState<Sort>({ sorts: MEMBER_SORTS, defaultSort: 'name', prefix: 'u.' });
  const users = useCompanyUsers(company.uuid, state.query);
  const update = useUpdateCompanyUser(company.uuid);
  const remove = useRemoveCompanyUser(company.uuid);
  const revoke = useRevokeCompanyUserSessions(company.uuid);
  const [adding, setAdding] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const nameOf = (m: Member) => `${m.firstName} ${m.lastName}`;
  // The server's refusal (the last admin, a stale version) is toasted by the client in the reader's
  // language; the dialog closes either way, and the table shows what is true now.
  const confirm = async ({ kind, member: m }: Asking) => {
    try {
      if (kind === 'remove') {
        await remove.mutateAsync({ userUuid: m.uuid, version: m.version });
        notify.success(t('admin:companies.userRemoved', { name: nameOf(m), company: company.name }));
      } else {
        notify.success((await revoke.mutateAsync(m.uuid)).message);
      }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setAsking(null);
    }
  };
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
  const busy = (m: Member) =>
    (update.isPending && update.variables?.userUuid === m.uuid) ||
    (remove.isPending && remove.variables?.userUuid === m.uuid) ||
    (revoke.isPending && revoke.variables === m.uuid);
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
                <Group gap="xs">
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
                  {(['revoke', 'remove'] as const).map((kind) => (
                    <Button
                      key={kind}
                      size="xs"
                      variant="default"
                      disabled={busy(m)}
                      onClick={() => setAsking({ kind, member: m })}
                      aria-label={t(`admin:companies.${kind}UserLabel`, { name: nameOf(m), company: company.name })}
                    >
                      {t(`admin:companies.${kind}User`)}
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
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('admin:companies.users')}
        </Title>
        {canWrite && (
          <Button size="sm" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('admin:companies.addUser')}
          </Button>
        )}
      </Group>
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
      {adding && <CompanyUserAddDialog company={company} onClose={() => setAdding(false)} />}
      {asking && (
        <ConfirmDialog
          title={t(`admin:companies.${asking.kind}UserTitle`)}
          text={t(`admin:companies.${asking.kind}UserText`, {
            name: nameOf(asking.member),
            email: asking.member.email,
            company: company.name,
          })}
          confirm={t(`admin:companies.${asking.kind}User`)}
          busy={remove.isPending || revoke.isPending}
          onConfirm={() => void confirm(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </Stack>
  );
}
