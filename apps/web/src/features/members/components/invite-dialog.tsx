import { InvitationCreateSchema } from '@wac/shared/schemas/invitations';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { RoleField } from '../../../components/role-field';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { applyServerError } from '../../../lib/forms';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useInviteMember } from '../api/invite-member';

type In = z.input<typeof InvitationCreateSchema>;
type Out = z.output<typeof InvitationCreateSchema>;

export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const invite = useInviteMember();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(InvitationCreateSchema),
    defaultValues: { email: '', roles: ['member'] },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await invite.mutateAsync(values);
      notify.success(t('admin:invite.sent', { email: values.email }));
      close();
    } catch (e) {
      applyServerError(e, form.setError, ['email', 'roles']);
      // Anything applyServerError did not say at a field (a limit reached…): the server's translated
      // message above the form. Already a member, already invited: under the email only.
      if (e instanceof ApiError && !e.claimed) setError(e.message);
    }
  });
  return (
    <AppDialog opened={opened} onClose={close} title={t('admin:invite.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert" data-testid="invite-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin:members.email')}
            type="email"
            withAsterisk
            data-autofocus
            error={fieldMessage(errors.email?.message)}
            {...form.register('email')}
          />
          <RoleField control={form.control} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('admin:invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
