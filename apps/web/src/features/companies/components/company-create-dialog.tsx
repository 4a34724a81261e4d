import { PLANS } from '@wac/shared/constants';
import { CompanyCreateSchema } from '@wac/shared/schemas/companies';
import { proposeSubDomain } from '@wac/shared/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { applyServerError } from '../../../lib/forms';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateCompany } from '../api/create-company';
import { useFormat } from '../../../lib/format';

type In = z.input<typeof CompanyCreateSchema>;
type Out = z.output<typeof CompanyCreateSchema>;

export function CompanyCreateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const create = useCreateCompany();
  const [error, setError] = useState<string | null>(null);
  const [subDomainEdited, setSubDomainEdited] = useState(false);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(CompanyCreateSchema),
    defaultValues: { name: '', subDomain: '', plan: 'pro-plan-monthly', admin: { email: '' } },
  });
  const { errors, isSubmitting } = form.formState;
  const nameField = form.register('name');
  const subDomainField = form.register('subDomain');
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const c = await create.mutateAsync(values);
      notify.success(t('admin:companies.created', { name: c.name }));
      onClose();
      navigate(`/companies/${c.uuid}`);
    } catch (e) {
      applyServerError(e, form.setError, ['name', 'subDomain', 'plan', 'admin']);
      if (e instanceof ApiError) setError(e.message);
    }
  });
  return (
    <AppDialog opened={opened} onClose={onClose} title={t('admin:companies.create')} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin:companies.name')}
            withAsterisk
            data-autofocus
            error={fieldMessage(errors.name?.message)}
            {...nameField}
            onChange={(e) => {
              void nameField.onChange(e);
              // The sub-domain follows the name until the admin types their own, as on sign-up.
              if (!subDomainEdited) form.setValue('subDomain', proposeSubDomain(e.currentTarget.value));
            }}
          />
          <TextInput
            label={t('admin:companies.subDomain')}
            withAsterisk
            error={fieldMessage(errors.subDomain?.message)}
            {...subDomainField}
            onChange={(e) => {
              setSubDomainEdited(true);
              void subDomainField.onChange(e);
            }}
          />
          <Controller
            control={form.control}
            name="plan"
            render={({ field }) => (
              <Select
                label={t('admin:companies.plan')}
                data={PLANS.map((p) => ({ value: p, label: f.plan(p) }))}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v ?? undefined)}
                allowDeselect={false}
              />
            )}
          />
          <Title order={3} size="h5">
            {t('admin:companies.firstAdmin')}
          </Title>
          <TextInput
            label={t('admin:members.email')}
            type="email"
            withAsterisk
            error={fieldMessage(errors.admin?.email?.message)}
            {...form.register('admin.email')}
          />
          <Group grow>
            <TextInput
              label={t('admin:common.firstName')}
              {...form.register('admin.firstName', { setValueAs: (v: string) => v || undefined })}
            />
            <TextInput
              label={t('admin:common.lastName')}
              {...form.register('admin.lastName', { setValueAs: (v: string) => v || undefined })}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('admin:companies.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
