import { Alert, Anchor, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { LISTING_PAGE_SIZE } from '@wac/shared/constants';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/app-dialog';
import { SectionCard, SimpleTable } from '../../components/section-card';
import { Link, useNavigate, useParams } from 'react-router';
import { useAbility } from '../../lib/ability';
import { notify } from '../../lib/notify';
import { useAddTeamMembers } from './api/add-team-members';
import { useDeleteTeam } from './api/delete-team';
import { useTeam } from './api/get-team';
import { useTeamMembers } from './api/get-team-members';
import { useRemoveTeamMember } from './api/remove-team-member';
import { MembersPicker } from './components/member-picker';
import { TeamFormDialog } from './components/team-form-dialog';
import { PageHeading } from '../../components/page-heading';

function TeamMembers({ uuid, canWrite }: { uuid: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const members = useTeamMembers(uuid, page);
  const add = useAddTeamMembers(uuid);
  const remove = useRemoveTeamMember(uuid);
  const [adding, setAdding] = useState<string[]>([]);
  const pages = Math.max(1, Math.ceil((members.data?.totalItems ?? 0) / LISTING_PAGE_SIZE));

  const onAdd = async () => {
    try {
      await add.mutateAsync(adding);
      notify.success(t('admin:teams.membersAdded', { count: adding.length }));
      setAdding([]);
    } catch {
      // Toasted by the api client.
    }
  };

  return (
    <SectionCard title={t('admin:teams.members')}>
      {canWrite && (
        <Group align="flex-end" mb="md">
          <div style={{ flex: 1 }}>
            <MembersPicker
              label={t('admin:teams.addMembers')}
              value={adding}
              onChange={setAdding}
              testId="add-members-picker"
            />
          </div>
          <Button onClick={() => void onAdd()} disabled={adding.length === 0} loading={add.isPending}>
            {t('admin:teams.add')}
          </Button>
        </Group>
      )}
      <SimpleTable
        striped
        testId="team-members"
        caption={t('admin:teams.members')}
        columns={[t('admin:members.name'), t('admin:members.email'), ...(canWrite ? [t('admin:common.actions')] : [])]}
        isEmpty={members.data?.data.length === 0}
        empty={t('admin:teams.noMembers')}
        pages={pages}
        page={page}
        onPage={setPage}
      >
        {members.data?.data.map((m) => (
          <Table.Tr key={m.uuid}>
            <Table.Td>
              {m.firstName} {m.lastName}
              {m.isLead ? ` · ${t('admin:teams.lead')}` : ''}
            </Table.Td>
            <Table.Td>{m.email}</Table.Td>
            {canWrite && (
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => remove.mutate(m.uuid)}
                  aria-label={t('admin:teams.removeMemberLabel', { email: m.email })}
                >
                  {t('admin:teams.removeMember')}
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </SimpleTable>
    </SectionCard>
  );
}

export default function TeamScreen() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const team = useTeam(uuid);
  const del = useDeleteTeam();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // A visiting super admin reads the team; only the company's admins change it.
  const canWrite = useAbility().can('write', 'team');

  if (team.isPending) return <Skeleton h={200} />;
  if (!team.data) return <Alert color="red">{t('admin:common.notFound')}</Alert>;
  const tm = team.data;

  const onDelete = async () => {
    try {
      await del.mutateAsync({ uuid: tm.uuid, version: tm.version });
      notify.success(t('admin:teams.deleted', { name: tm.name }));
      navigate('/teams');
    } catch {
      setDeleting(false);
    }
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/teams" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden className="flip-rtl" />
          {t('admin:teams.back')}
        </Group>
      </Anchor>
      <Group justify="space-between">
        <div>
          <PageHeading>{tm.name}</PageHeading>
          {tm.description && <Text c="dimmed">{tm.description}</Text>}
          <Text size="sm">
            {t('admin:common.labelValue', {
              label: t('admin:teams.lead'),
              value: tm.lead ? `${tm.lead.firstName} ${tm.lead.lastName}` : '—',
            })}
          </Text>
        </div>
        {canWrite && (
          <Group>
            <Button variant="default" onClick={() => setEditing(true)}>
              {t('admin:teams.edit')}
            </Button>
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('admin:teams.delete')}
            </Button>
          </Group>
        )}
      </Group>
      <TeamMembers uuid={tm.uuid} canWrite={canWrite} />
      {editing && <TeamFormDialog key={tm.version} team={tm} opened onClose={() => setEditing(false)} />}
      <AppDialog opened={deleting} onClose={() => setDeleting(false)} title={t('admin:teams.deleteTitle')}>
        <Stack>
          <Text>{t('admin:teams.deleteText', { name: tm.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              {t('admin:common.cancel')}
            </Button>
            <Button color="red.9" onClick={() => void onDelete()} loading={del.isPending}>
              {t('admin:teams.delete')}
            </Button>
          </Group>
        </Stack>
      </AppDialog>
    </Stack>
  );
}
