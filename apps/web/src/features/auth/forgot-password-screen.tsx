import { ForgotPasswordSchema } from '@wac/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { EmailField, FormHeading } from '../../components/auth-form';
import { BlankLayout } from '../../components/blank-layout';
import { applyServerError } from '../../lib/forms';
import { notify } from '../../lib/notify';
import { forgotPassword } from './api/forgot-password';

export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<z.input<typeof ForgotPasswordSchema>, unknown, z.output<typeof ForgotPasswordSchema>>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await forgotPassword(values);
      if (res?.message) notify.success(res.message);
      navigate(`/reset-password?email=${encodeURIComponent(values.email)}`);
    } catch (e) {
      applyServerError(e, form.setError, ['email']);
    }
  });

  return (
    <BlankLayout>
      <Stack gap="lg">
        <FormHeading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <EmailField field={form.register('email')} error={errors.email?.message} autoFocus />
            <Button type="submit" loading={isSubmitting} fullWidth>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('forgot.back')}
        </Anchor>
      </Stack>
    </BlankLayout>
  );
}
