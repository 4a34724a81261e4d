import { ResetPasswordSchema } from '@wac/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { EmailField, FormHeading } from '../../components/auth-form';
import { NewPasswordPair } from '../../components/new-password-pair';
import { BlankLayout } from '../../components/blank-layout';
import { applyServerError } from '../../lib/forms';
import { fieldMessage } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { resetPassword } from './api/reset-password';

type ResetInput = z.input<typeof ResetPasswordSchema>;

export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<ResetInput, unknown, z.output<typeof ResetPasswordSchema>>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { email: params.get('email') ?? '', otp: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword(values);
      notify.success(t('reset.done'));
      navigate('/login', { replace: true });
    } catch (e) {
      applyServerError(e, form.setError, ['email', 'otp', 'password', 'confirmPassword']);
    }
  });

  return (
    <BlankLayout>
      <Stack gap="lg">
        <FormHeading title={t('reset.title')} subtitle={t('reset.subtitle')} />
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <EmailField field={form.register('email')} error={errors.email?.message} />
            <TextInput
              label={t('reset.otp')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              withAsterisk
              error={fieldMessage(errors.otp?.message)}
              {...form.register('otp')}
            />
            <NewPasswordPair
              password={form.register('password')}
              confirm={form.register('confirmPassword')}
              errors={errors}
              passwordLabel={t('reset.password')}
            />
            <Button type="submit" loading={isSubmitting} fullWidth>
              {t('reset.submit')}
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
