import { LoginSchema } from '@wac/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { BRAND } from '@wac/shared/constants';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { EmailField, FormHeading, PasswordField } from '../../components/auth-form';
import { BlankLayout } from '../../components/blank-layout';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { browser } from '../../lib/browser';
import { applyServerError } from '../../lib/forms';
import { baseSignInUrl, currentHost } from '../../lib/host';
import { useSession } from '../../lib/session/store';
import { useLogin } from './api/login';

type LoginInput = z.input<typeof LoginSchema>;
type LoginOutput = z.output<typeof LoginSchema>;

export default function LoginScreen() {
  const { t } = useTranslation();
  const { notice } = useSession();
  // One sign-in per browser, on the base domain: a company's sign-in page sends the browser there
  // (and it comes back signed in), unless it has something to say first (a refused link, …).
  const host = currentHost();
  const baseUrl =
    host.subDomain !== null && !notice ? baseSignInUrl(host, { subDomain: host.subDomain, path: '/' }) : null;
  useEffect(() => {
    if (baseUrl) browser.assign(baseUrl);
  }, [baseUrl]);
  const login = useLogin();
  const [inlineError, setInlineError] = useState<string | null>(null);
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setInlineError(null);
    try {
      await login(values);
    } catch (e) {
      setInlineError(applyServerError(e, form.setError, ['email', 'password']));
    }
  });

  if (baseUrl) return <FullPageSpinner />;
  return (
    <BlankLayout>
      <Stack gap="lg">
        <FormHeading title={t('login.title', { brand: BRAND })} subtitle={t('login.subtitle')} />
        {(inlineError ?? notice) && (
          <Alert color="red" role="alert" data-testid="login-error">
            {inlineError ?? notice}
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <EmailField field={form.register('email')} error={errors.email?.message} autoFocus />
            <PasswordField field={form.register('password')} error={errors.password?.message} />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-password" size="sm">
                {t('login.forgot')}
              </Anchor>
            </Group>
            <Button type="submit" loading={isSubmitting} fullWidth>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/signup">
            {t('login.createAccount')}
          </Anchor>
        </Text>
      </Stack>
    </BlankLayout>
  );
}
