import type { SessionInfo } from '@wac/shared/schemas/auth';
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SimpleTable } from '../../components/section-card';
import { When } from '../../components/when';
import { deviceOf } from '../../lib/device';
import { useFormat } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/store';
import { useSessions } from './api/get-sessions';
import { useRevokeSession } from './api/revoke-session';
import { ProfileEditForm } from './components/profile-edit-form';
import { PageHeading } from '../../components/page-heading';

function AccountTab() {
  const { t } = useTranslation();
  const f = useFormat();
  const { user, profiles } = useSession();
  if (!user) return null;
  return (
    <Stack>
      <ProfileEditForm />
      <Paper className="card" p="lg">
        <Title order={2} size="h4" mb="sm">
          {t('admin:profile.companies')}
        </Title>
        {/* Roles are held per company; a console-wide role (super admin) is said once, above them. */}
        {user.roles.length > 0 && (
          <Text size="sm" mb="sm" data-testid="global-roles">
            {t('admin:profile.globalRoles', { roles: f.roles(user.roles) })}
          </Text>
        )}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {profiles.map((p) => (
            <Group component="li" key={p.uuid} justify="space-between">
              <Text>{p.company.name}</Text>
              <Group gap={4}>
                {p.roles.map((r) => (
                  <Badge key={r.name} variant="light">
                    {f.role(r.name)}
                  </Badge>
                ))}
                {/* As the company switcher says it: the membership (or the company) is disabled. */}
                {!(p.enabled && p.company.enabled) && (
                  <Badge color="gray.7" variant="filled">
                    {t('switcher.disabled')}
                  </Badge>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

function SessionsTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const sessions = useSessions(page);
  const pages = sessions.data ? Math.max(1, Math.ceil(sessions.data.totalItems / sessions.data.itemsPerPage)) : 1;
  const revoke = useRevokeSession();
  const { profiles } = useSession();
  // A session is opened on a company's address or on the platform's sign-in page (which reaches
  // every company); one sign-in in this browser lists both. Named as the company switcher names it.
  const openedOn = (subDomain: string | null) =>
    subDomain === null
      ? t('admin:profile.onSignIn')
      : (profiles.find((p) => p.company.subDomain === subDomain)?.company.name ?? subDomain);

  const onRevoke = async (s: SessionInfo) => {
    try {
      const res = await revoke.mutateAsync(s.uuid);
      notify.success(res?.message ?? t('admin:profile.revoked'));
    } catch {
      // The client toasted the server's message.
    }
  };

  return (
    <Paper className="card" p="lg">
      <Title order={2} size="h4">
        {t('admin:profile.sessionsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('admin:profile.sessionsHint')}
      </Text>
      {sessions.isPending ? (
        <Skeleton h={120} />
      ) : (
        <SimpleTable
          testId="sessions-table"
          striped
          caption={t('admin:profile.sessionsTitle')}
          columns={[
            t('admin:profile.device'),
            t('admin:profile.ip'),
            t('admin:profile.openedOn'),
            t('admin:profile.created'),
            t('admin:profile.lastUsed'),
            t('admin:profile.actions'),
          ]}
          isEmpty={sessions.data?.data.length === 0}
          empty={t('admin:profile.empty')}
          pages={pages}
          page={Math.min(page, pages)}
          onPage={setPage}
        >
          {(sessions.data?.data ?? []).map((s) => {
            const device = deviceOf(s.userAgent, t('admin:profile.unknownDevice'));
            return (
              <Table.Tr key={s.uuid}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm">{device}</Text>
                    {s.current && (
                      <Badge size="sm" color="teal.9" variant="filled">
                        {t('admin:profile.thisDevice')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{s.ip ?? t('admin:profile.none')}</Table.Td>
                <Table.Td>{openedOn(s.companySubDomain)}</Table.Td>
                <Table.Td>
                  <When value={s.createdAt} show="dateTime" />
                </Table.Td>
                <Table.Td>
                  <When value={s.lastUsedAt} />
                </Table.Td>
                <Table.Td>
                  {!s.current && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => void onRevoke(s)}
                      loading={revoke.isPending && revoke.variables === s.uuid}
                      aria-label={t('admin:profile.revokeLabel', { device })}
                    >
                      {t('admin:profile.revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </SimpleTable>
      )}
    </Paper>
  );
}

export default function ProfileScreen({ tab }: { tab: 'account' | 'sessions' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <PageHeading>{t('admin:profile.title')}</PageHeading>
      <Tabs value={tab} onChange={(v) => navigate(v === 'sessions' ? '/profile/sessions' : '/profile')}>
        <Tabs.List>
          <Tabs.Tab value="account">{t('admin:profile.account')}</Tabs.Tab>
          <Tabs.Tab value="sessions">{t('admin:profile.sessions')}</Tabs.Tab>
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
