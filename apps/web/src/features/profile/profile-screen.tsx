import type { SessionInfo } from '@wac/shared/schemas/auth';
import { Badge, Button, Group, Pagination, Paper, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deviceOf } from '../../lib/device';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/store';
import { useSessions } from './api/get-sessions';
import { useRevokeSession } from './api/revoke-session';
import { ProfileEditForm } from './components/profile-edit-form';

function AccountTab() {
  const { t } = useTranslation();
  const { user, profiles } = useSession();
  if (!user) return null;
  const rows: [string, string][] = [
    [t('profile.name'), `${user.firstName} ${user.lastName}`],
    [t('profile.email'), user.email],
    [t('profile.phone'), user.phone ?? t('profile.none')],
    [t('profile.roles'), user.roles.join(', ') || t('profile.none')],
  ];
  return (
    <Stack>
      <ProfileEditForm />
      <Paper className="card" p="lg">
        <Table variant="vertical" layout="fixed">
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w={180}>{k}</Table.Th>
                <Table.Td>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper className="card" p="lg">
        <Title order={2} size="h4" mb="sm">
          {t('profile.companies')}
        </Title>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {profiles.map((p) => (
            <Group component="li" key={p.uuid} justify="space-between">
              <Text>{p.company.name}</Text>
              <Group gap={4}>
                {p.roles.map((r) => (
                  <Badge key={r.name} variant="light">
                    {r.name}
                  </Badge>
                ))}
              </Group>
            </Group>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

function SessionsTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const sessions = useSessions(page);
  const pages = sessions.data ? Math.max(1, Math.ceil(sessions.data.totalItems / sessions.data.itemsPerPage)) : 1;
  const revoke = useRevokeSession();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const onRevoke = async (s: SessionInfo) => {
    try {
      const res = await revoke.mutateAsync(s.uuid);
      notify.success(res?.message ?? t('profile.revoked'));
    } catch {
      // The client toasted the server's message.
    }
  };

  return (
    <Paper className="card" p="lg">
      <Title order={2} size="h4">
        {t('profile.sessionsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.sessionsHint')}
      </Text>
      {sessions.isPending ? (
        <Skeleton h={120} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover data-testid="sessions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('profile.device')}</Table.Th>
                <Table.Th>{t('profile.ip')}</Table.Th>
                <Table.Th>{t('profile.company')}</Table.Th>
                <Table.Th>{t('profile.created')}</Table.Th>
                <Table.Th>{t('profile.lastUsed')}</Table.Th>
                <Table.Th>{t('profile.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(sessions.data?.data ?? []).map((s) => {
                const device = deviceOf(s.userAgent, t('profile.unknownDevice'));
                return (
                  <Table.Tr key={s.uuid}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm">{device}</Text>
                        {s.current && (
                          <Badge size="sm" color="teal.9" variant="filled">
                            {t('profile.thisDevice')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{s.ip ?? t('profile.none')}</Table.Td>
                    <Table.Td>{s.companySubDomain ?? t('profile.none')}</Table.Td>
                    <Table.Td>{date.format(new Date(s.createdAt))}</Table.Td>
                    <Table.Td>{date.format(new Date(s.lastUsedAt))}</Table.Td>
                    <Table.Td>
                      {!s.current && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => void onRevoke(s)}
                          loading={revoke.isPending && revoke.variables === s.uuid}
                          aria-label={t('profile.revokeLabel', { device })}
                        >
                          {t('profile.revoke')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {sessions.data?.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>{t('profile.empty')}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
        </Group>
      )}
    </Paper>
  );
}

export default function ProfileScreen({ tab }: { tab: 'account' | 'sessions' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('profile.title')}
      </Title>
      <Tabs value={tab} onChange={(v) => navigate(v === 'sessions' ? '/profile/sessions' : '/profile')}>
        <Tabs.List>
          <Tabs.Tab value="account">{t('profile.account')}</Tabs.Tab>
          <Tabs.Tab value="sessions">{t('profile.sessions')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="account" pt="md">
          {tab === 'account' && <AccountTab />}
        </Tabs.Panel>
        <Tabs.Panel value="sessions" pt="md">
          {tab === 'sessions' && <SessionsTab />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
