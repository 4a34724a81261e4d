import { Button, Group, Paper, Table, Text } from '@mantine/core';
import { LISTING_PAGE_SIZE } from '@wac/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleTable } from '../../../components/section-card';
import { notify } from '../../../lib/notify';
import { useJoinRequests } from '../api/get-join-requests';
import { useRespondJoinRequest } from '../api/respond-join-request';
import { When } from '../../../components/when';

/** Pending requests to join this company; accepting creates the membership. */
export function JoinRequestsPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const requests = useJoinRequests(page);
  const respond = useRespondJoinRequest();
  const pages = Math.max(1, Math.ceil((requests.data?.totalItems ?? 0) / LISTING_PAGE_SIZE));

  const decide = async (uuid: string, email: string, decision: 'accept' | 'decline') => {
    try {
      await respond.mutateAsync({ uuid, decision });
      notify.success(
        t(decision === 'accept' ? 'admin:joinRequests.accepted' : 'admin:joinRequests.declined', { email }),
      );
    } catch {
      // Toasted by the api client.
    }
  };

  return (
    <Paper className="card" p="md" data-testid="join-requests">
      <SimpleTable
        striped
        caption={t('admin:joinRequests.caption')}
        columns={[
          t('admin:members.name'),
          t('admin:members.email'),
          t('admin:joinRequests.message'),
          t('admin:joinRequests.requestedAt'),
          t('admin:common.actions'),
        ]}
        isEmpty={requests.data?.data.length === 0}
        empty={
          <Text c="dimmed" size="sm">
            {t('admin:joinRequests.empty')}
          </Text>
        }
        pages={pages}
        page={page}
        onPage={setPage}
      >
        {requests.data?.data.map((r) => (
          <Table.Tr key={r.uuid}>
            <Table.Td>
              {r.user.firstName} {r.user.lastName}
            </Table.Td>
            <Table.Td>{r.user.email}</Table.Td>
            <Table.Td>{r.message ?? ''}</Table.Td>
            <Table.Td>
              <When value={r.createdAt} />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  onClick={() => void decide(r.uuid, r.user.email, 'accept')}
                  aria-label={t('admin:joinRequests.acceptLabel', { email: r.user.email })}
                >
                  {t('admin:joinRequests.accept')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => void decide(r.uuid, r.user.email, 'decline')}
                  aria-label={t('admin:joinRequests.declineLabel', { email: r.user.email })}
                >
                  {t('admin:joinRequests.decline')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </SimpleTable>
    </Paper>
  );
}
