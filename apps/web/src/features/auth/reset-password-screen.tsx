import { ResetPasswordSchema } from '@wac/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
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
        <div>
          <Title order={1} size="h3">
            {t('reset.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('reset.subtitle')}
          </Text>
        </div>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <TextInput
              label={t('common.email')}
              type="email"
              autoComplete="username"
              withAsterisk
              error={fieldMessage(errors.email?.message)}
              {...form.register('email')}
            />
            <TextInput
              label={t('reset.otp')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              withAsterisk
              error={fieldMessage(errors.otp?.message)}
              {...form.register('otp')}
            />
            <PasswordInput
              label={t('reset.password')}
              autoComplete="new-password"
              withAsterisk
              error={fieldMessage(errors.password?.message)}
              visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
              {...form.register('password')}
            />
            <PasswordInput
              label={t('common.confirmPassword')}
              autoComplete="new-password"
              withAsterisk
              error={fieldMessage(errors.confirmPassword?.message)}
              visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
              {...form.register('confirmPassword')}
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
