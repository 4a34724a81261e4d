import type { Member } from '@wac/shared/schemas/members';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/app-dialog';
import { SectionCard, SimpleTable } from '../../components/section-card';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { deviceOf } from '../../lib/device';
import { notify } from '../../lib/notify';
import { useMember } from './api/get-member';
import { useMemberSessions } from './api/get-member-sessions';
import { useMemberTeams } from './api/get-member-teams';
import { useRemoveMember } from './api/remove-member';
import { useRevokeMemberSession } from './api/revoke-member-session';
import { useRevokeMemberSessions } from './api/revoke-member-sessions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useUpdateMember } from './api/update-member';
import { PageHeading } from '../../components/page-heading';
import { When } from '../../components/when';
import { useFormat } from '../../lib/format';
import { PresenceBadge } from '../../components/presence-badge';
import { ProductLinks } from '../../components/product-links';
import { usePresence } from '../../lib/presence';

type Toggle = 'enabled' | 'schedulingEnabled' | 'emailEnabled' | 'videoCallEnabled';
const TOGGLES: Toggle[] = ['enabled', 'schedulingEnabled', 'emailEnabled', 'videoCallEnabled'];

function EditForm({ member }: { member: Member }) {
  const { t } = useTranslation();
  const update = useUpdateMember(member.uuid);
  const qc = useQueryClient();
  const [roles, setRoles] = useState<string[]>(member.roles);
  const [flags, setFlags] = useState<Record<Toggle, boolean>>({
    enabled: member.enabled,
    schedulingEnabled: member.schedulingEnabled,
    emailEnabled: member.emailEnabled,
    videoCallEnabled: member.videoCallEnabled,
  });
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null);

  const save = async () => {
    setError(null);
    if (roles.length === 0) {
      setError({ message: t('validation:required'), conflict: false });
      return;
    }
    try {
      await update.mutateAsync({ version: member.version, roles: roles as ('admin' | 'member')[], ...flags });
      notify.success(t('admin:member.saved'));
    } catch (e) {
      if (e instanceof ApiError) setError({ message: e.message, conflict: e.code === 'VERSION_CONFLICT' });
    }
  };

  return (
    <SectionCard title={t('admin:member.access')}>
      <Stack>
        {error && (
          <Alert color={error.conflict ? 'yellow' : 'red'} role="alert" data-testid="member-error">
            <Stack gap="xs">
              <Text size="sm">{error.message}</Text>
              {error.conflict && (
                <Button
                  size="xs"
                  variant="light"
                  w="fit-content"
                  onClick={() => void qc.invalidateQueries({ queryKey: ['members', 'one', member.uuid] })}
                >
                  {t('admin:common.reload')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <Checkbox.Group label={t('admin:members.roles')} value={roles} onChange={setRoles}>
          <Group mt="xs">
            <Checkbox value="admin" label={t('admin:roles.admin')} />
            <Checkbox value="member" label={t('admin:roles.member')} />
          </Group>
        </Checkbox.Group>
        {TOGGLES.map((k) => (
          <Switch
            key={k}
            label={t(`admin:member.${k}`)}
            checked={flags[k]}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setFlags((f) => ({ ...f, [k]: checked }));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={update.isPending}>
            {t('admin:common.save')}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}

function TeamsCard({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const teams = useMemberTeams(uuid);
  return (
    <SectionCard title={t('admin:member.teams')}>
      {teams.data?.data.length === 0 && <Text c="dimmed">{t('admin:member.noTeams')}</Text>}
      <Group gap="xs" data-testid="member-teams">
        {teams.data?.data.map((tm) => (
          <Badge key={tm.uuid} variant="light" size="lg">
            {tm.name}
            {tm.isLead ? ` · ${t('admin:teams.lead')}` : ''}
          </Badge>
        ))}
      </Group>
    </SectionCard>
  );
}

function SessionsCard({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const sessions = useMemberSessions(uuid);
  const revokeAll = useRevokeMemberSessions(uuid);
  const revokeOne = useRevokeMemberSession(uuid);
  const f = useFormat();
  const onRevoke = async (revoke: () => Promise<{ message: string }>) => {
    try {
      notify.success((await revoke()).message);
    } catch {
      // Toasted by the api client.
    }
  };
  const rows = sessions.data?.data ?? [];
  const [confirmAll, setConfirmAll] = useState(false);
  return (
    <SectionCard
      title={t('admin:member.sessions')}
      actions={
        <Button
          color="red"
          variant="light"
          disabled={rows.length === 0}
          onClick={() => setConfirmAll(true)}
          loading={revokeAll.isPending}
        >
          {t('admin:member.revokeAll')}
        </Button>
      }
    >
      {/* Every device of the person signs out at once: asked first, as deleting is. */}
      {confirmAll && (
        <ConfirmDialog
          title={t('admin:member.revokeAllTitle')}
          text={t('admin:member.revokeAllText', { count: rows.length })}
          confirm={t('admin:member.revokeAll')}
          busy={revokeAll.isPending}
          onClose={() => setConfirmAll(false)}
          onConfirm={() => void onRevoke(() => revokeAll.mutateAsync()).finally(() => setConfirmAll(false))}
        />
      )}
      <SimpleTable
        testId="member-sessions"
        caption={t('admin:member.sessionsCaption')}
        columns={[
          t('admin:member.device'),
          t('admin:member.openedOn'),
          t('admin:member.ip'),
          t('admin:member.lastUsed'),
          t('admin:common.actions'),
        ]}
        isEmpty={rows.length === 0}
        empty={t('admin:member.noSessions')}
      >
        {rows.map((s) => {
          const device = deviceOf(s.userAgent, t('admin:member.unknownDevice'));
          const lastUsed = f.dateTime(s.lastUsedAt);
          return (
            <Table.Tr key={s.uuid}>
              <Table.Td>{device}</Table.Td>
              {/* One sign-in may hold two rows: the platform's sign-in page and the company it opened. */}
              <Table.Td>
                {s.subDomain ? t('admin:member.onCompany', { subDomain: s.subDomain }) : t('admin:member.onSignIn')}
              </Table.Td>
              <Table.Td>{s.ip ?? '—'}</Table.Td>
              <Table.Td>
                <When value={s.lastUsedAt} />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => void onRevoke(() => revokeOne.mutateAsync(s.uuid))}
                  loading={revokeOne.isPending && revokeOne.variables === s.uuid}
                  aria-label={t('admin:member.revokeSession', { device, lastUsed })}
                >
                  {t('admin:member.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </SimpleTable>
    </SectionCard>
  );
}

export default function MemberScreen() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const member = useMember(uuid);
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const presence = usePresence(uuid ? [uuid] : []).data;

  const onRemove = async (m: Member) => {
    try {
      await remove.mutateAsync({ uuid: m.uuid, version: m.version });
      notify.success(t('admin:member.removed', { email: m.email }));
      navigate('/users');
    } catch {
      setConfirming(false);
    }
  };

  if (member.isPending) return <Skeleton h={240} />;
  if (!member.data) return <Alert color="red">{t('admin:common.notFound')}</Alert>;
  const m = member.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/users" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden className="flip-rtl" />
          {t('admin:members.back')}
        </Group>
      </Anchor>
      <Group justify="space-between">
        <div>
          <PageHeading>{`${m.firstName} ${m.lastName}`}</PageHeading>
          <Text c="dimmed">{m.email}</Text>
          <Group gap="md" mt={4}>
            <PresenceBadge status={presence?.[m.uuid]} />
            <ProductLinks uuid={m.uuid} />
          </Group>
        </div>
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          {t('admin:member.remove')}
        </Button>
      </Group>
      {/* Keyed by version: a saved or reloaded member resets the form to the server's values. */}
      <EditForm key={m.version} member={m} />
      <TeamsCard uuid={m.uuid} />
      <SessionsCard uuid={m.uuid} />
      <AppDialog opened={confirming} onClose={() => setConfirming(false)} title={t('admin:member.removeTitle')}>
        <Stack>
          <Text>{t('admin:member.removeText', { email: m.email })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('admin:common.cancel')}
            </Button>
            <Button color="red.9" onClick={() => void onRemove(m)} loading={remove.isPending}>
              {t('admin:member.remove')}
            </Button>
          </Group>
        </Stack>
      </AppDialog>
    </Stack>
  );
}
