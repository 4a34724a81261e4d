import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBatchParam } from '../../lib/use-batch-param';
import { ImportDialog } from './components/import-dialog';
import { ImportProgress } from './components/import-progress';
import { InvitationsTable } from './components/invitations-table';
import { InviteDialog } from './components/invite-dialog';
import { JoinRequestsPanel } from './components/join-requests-panel';
import { MembersTable } from './components/members-table';

export type MembersTab = 'members' | 'invitations' | 'join-requests';

/** The company admin's people (the Users menu entry): members, pending invitations, join requests. */
export default function MembersScreen({ tab }: { tab: MembersTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);
  // The last import's mails, followed from the address: a reload shows the same progress.
  const [batchId, follow] = useBatchParam('import');
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('admin:members.title')}
        </Title>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => setImporting(true)}
          >
            {t('admin:import.open')}
          </Button>
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            {t('admin:invite.open')}
          </Button>
        </Group>
      </Group>
      {batchId && <ImportProgress key={batchId} batchId={batchId} onClose={() => follow(null)} />}
      <Tabs value={tab} onChange={(v) => navigate(v === 'members' ? '/users' : `/users/${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="members">{t('admin:members.members')}</Tabs.Tab>
          <Tabs.Tab value="invitations">{t('admin:members.invitations')}</Tabs.Tab>
          <Tabs.Tab value="join-requests">{t('admin:members.joinRequests')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members" pt="md">
          {tab === 'members' && <MembersTable />}
        </Tabs.Panel>
        <Tabs.Panel value="invitations" pt="md">
          {tab === 'invitations' && <InvitationsTable />}
        </Tabs.Panel>
        <Tabs.Panel value="join-requests" pt="md">
          {tab === 'join-requests' && <JoinRequestsPanel />}
        </Tabs.Panel>
      </Tabs>
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} />
      <ImportDialog opened={importing} onClose={() => setImporting(false)} onCommitted={(id) => follow(id)} />
    </Stack>
  );
}
