import { CompanyMemberAddSchema } from '@wac/shared/schemas/companies';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AppDialog } from '../../../components/app-dialog';
import { RoleField } from '../../../components/role-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerError } from '../../../lib/forms';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useAddCompanyUser } from '../api/add-company-user';
import type { Company } from '../api/get-companies';

type In = z.input<typeof CompanyMemberAddSchema>;
type Out = z.output<typeof CompanyMemberAddSchema>;

/**
 * The super admin adds someone who already has an account to a company, as member or admin. An
 * unknown email or someone already in the company is refused on the email field, in the reader's
 * language (the server's UNKNOWN_EMAIL and ALREADY_MEMBER). For an unknown email the dialog then
 * offers to invite that address by mail instead: a mistyped address is not invited unasked.
 */
export function CompanyUserAddDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddCompanyUser(company.uuid);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(CompanyMemberAddSchema),
    defaultValues: { email: '', roles: ['member'] },
  });
  const { errors, isSubmitting } = form.formState;
  /** The address the server knows no account for, offered to be invited instead. */
  const [unknown, setUnknown] = useState<{ email: string; roles: Out['roles'] } | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setUnknown(null);
    try {
      await add.mutateAsync({ email: values.email, roles: values.roles });
      notify.success(t('admin:companies.userAdded', { email: values.email, company: company.name }));
      onClose();
    } catch (e) {
      applyServerError(e, form.setError, ['email', 'roles']);
      if (e instanceof ApiError && e.code === 'UNKNOWN_EMAIL') setUnknown({ email: values.email, roles: values.roles });
    }
  });
  const invite = async () => {
    if (!unknown) return;
    try {
      await add.mutateAsync({ ...unknown, invite: true });
      notify.success(t('admin:companies.userInvited', { email: unknown.email, company: company.name }));
      onClose();
    } catch (e) {
      applyServerError(e, form.setError, ['email', 'roles']);
    }
  };
  return (
    <AppDialog opened onClose={onClose} title={t('admin:companies.addUserTitle', { company: company.name })}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">{t('admin:companies.addUserHint')}</Text>
          <TextInput
            label={t('admin:members.email')}
            type="email"
            withAsterisk
            data-autofocus
            error={fieldMessage(errors.email?.message)}
            {...form.register('email')}
          />
          <RoleField control={form.control} />
          {unknown && (
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">{t('admin:companies.inviteInsteadHint', { email: unknown.email })}</Text>
              <Button variant="light" onClick={invite} loading={add.isPending}>
                {t('admin:companies.inviteInstead')}
              </Button>
            </Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('admin:companies.addUser')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
