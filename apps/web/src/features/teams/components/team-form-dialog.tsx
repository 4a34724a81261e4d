import type { Team } from '@wac/shared/schemas/teams';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { useFocusRefusedField } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateTeam } from '../api/create-team';
import { useUpdateTeam } from '../api/update-team';
import { LeadPicker, MembersPicker } from './member-picker';

/** Create (with members) or edit a team: name, description, lead. */
export function TeamFormDialog({ team, opened, onClose }: { team?: Team; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateTeam();
  const update = useUpdateTeam(team?.uuid ?? '');
  const [name, setName] = useState(team?.name ?? '');
  const [description, setDescription] = useState(team?.description ?? '');
  const [lead, setLead] = useState<string | null>(team?.lead?.uuid ?? null);
  const [members, setMembers] = useState<string[]>([]);
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setNameError(undefined);
    if (!name.trim()) {
      setNameError(fieldMessage('required'));
      refuse();
      return;
    }
    try {
      if (team) {
        await update.mutateAsync({
          version: team.version,
          name: name.trim(),
          description: description.trim() || null,
          leadUuid: lead,
        });
      } else {
        await create.mutateAsync({
          name: name.trim(),
          description: description.trim() || null,
          leadUuid: lead,
          memberUuids: members,
        });
      }
      notify.success(t('admin:teams.saved', { name: name.trim() }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog opened={opened} onClose={onClose} title={team ? t('admin:teams.edit') : t('admin:teams.create')}>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin:teams.name')}
            withAsterisk
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
          <Textarea
            label={t('admin:teams.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <LeadPicker
            label={t('admin:teams.lead')}
            value={lead}
            initialLabel={team?.lead ? `${team.lead.firstName} ${team.lead.lastName}` : undefined}
            onChange={setLead}
          />
          {!team && (
            <MembersPicker
              label={t('admin:teams.members')}
              value={members}
              onChange={setMembers}
              testId="team-members-picker"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('admin:common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
