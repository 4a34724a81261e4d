import { Badge, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { useFormat } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useTableState } from '../../../lib/use-table-state';
import { useCancelInvitation } from '../api/cancel-invitation';
import { type Invitation, useInvitations } from '../api/get-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { When } from '../../../components/when';

const SORTS = ['createdAt', 'email'] as const;

export function InvitationsTable() {
  const { t } = useTranslation();
  // Roles as a list in the reader's language ("Admin and Member", Arabic "مسؤول وعضو"), not joined by a Latin comma.
  const f = useFormat();
  const state = useTableState<(typeof SORTS)[number]>({ sorts: SORTS, defaultSort: 'createdAt', defaultOrder: 'desc' });
  const invitations = useInvitations(state.query);
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();

  const onResend = async (inv: Invitation) => {
    try {
      await resend.mutateAsync(inv.uuid);
      notify.success(t('admin:invitations.resent', { email: inv.email }));
    } catch {
      // Toasted by the api client.
    }
  };
  const onCancel = async (inv: Invitation) => {
    try {
      await cancel.mutateAsync(inv.uuid);
      notify.success(t('admin:invitations.cancelled', { email: inv.email }));
    } catch {
      // Toasted by the api client.
    }
  };

  const columns: Column<Invitation, (typeof SORTS)[number]>[] = [
    { key: 'email', header: t('admin:members.email'), sort: 'email', render: (i) => i.email },
    {
      key: 'roles',
      header: t('admin:members.roles'),
      render: (i) => f.roles(i.roles),
    },
    {
      key: 'status',
      header: t('admin:members.status'),
      // The list holds the pending invitations; one past its end is still listed until someone uses it.
      render: (i) =>
        Date.parse(i.expiresAt) <= Date.now() ? (
          <Badge variant="light" color="gray">
            {t('admin:invitations.status.expired')}
          </Badge>
        ) : (
          <Badge variant="light">{t('admin:invitations.status.pending')}</Badge>
        ),
    },
    {
      key: 'createdAt',
      header: t('admin:invitations.sentAt'),
      sort: 'createdAt',
      render: (i) => <When value={i.createdAt} />,
    },
    {
      key: 'expiresAt',
      header: t('admin:invitations.expiresAt'),
      render: (i) => <When value={i.expiresAt} />,
    },
    {
      key: 'actions',
      header: t('admin:common.actions'),
      render: (i) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => void onResend(i)}
            aria-label={t('admin:invitations.resendLabel', { email: i.email })}
          >
            {t('admin:invitations.resend')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void onCancel(i)}
            aria-label={t('admin:invitations.cancelLabel', { email: i.email })}
          >
            {t('admin:invitations.cancel')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      testId="invitations-table"
      caption={t('admin:members.invitations')}
      columns={columns}
      rows={invitations.data?.data}
      totalItems={invitations.data?.totalItems}
      loading={invitations.isFetching}
      state={state}
      rowId={(i) => i.uuid}
      searchLabel={t('admin:invitations.search')}
    />
  );
}
