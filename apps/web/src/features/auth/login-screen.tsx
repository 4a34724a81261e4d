import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { BRAND } from '@wac/shared/constants';
import { type Login, LoginSchema } from '@wac/shared/schemas/auth';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailField, FormHeading, PasswordField } from '../../components/auth-form';
import { BlankLayout } from '../../components/blank-layout';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { browser } from '../../lib/browser';
import { applyServerError } from '../../lib/forms';
import { baseSignInUrl, currentHost } from '../../lib/host';
import { useSession } from '../../lib/session/store';
import { useLogin } from './api/login';

type Field = keyof Login;
const FIELDS: readonly Field[] = ['email', 'password'];
type Errors = Partial<Record<Field, string>>;

/**
 * The sign-in form's two fields, without a form library: the sign-in page's JavaScript has a budget
 * (200 KB gzip, `scripts/check-size.mjs`) and react-hook-form was 15 KB of it. It behaves as the
 * console's other forms: checked on submit against the shared schema (the first wrong field takes
 * the focus), then again as the person types; the server's field errors land on their fields.
 */
function useLoginForm(submit: (values: Login, setError: (field: Field, message: string) => void) => Promise<void>) {
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const check = () => {
    const values = Object.fromEntries(FIELDS.map((f) => [f, inputs.current[f]?.value ?? '']));
    const parsed = LoginSchema.safeParse(values);
    const found: Errors = {};
    for (const issue of parsed.error?.issues ?? []) found[issue.path[0] as Field] ??= issue.message;
    setErrors(found);
    return { data: parsed.data, found };
  };
  const setError = (field: Field, message: string) => {
    setErrors((e) => ({ ...e, [field]: message }));
    inputs.current[field]?.focus();
  };
  const register = (name: Field): UseFormRegisterReturn => ({
    name,
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    onChange: async () => {
      if (submitted.current) check();
    },
    onBlur: async () => {},
  });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const { data, found } = check();
    if (!data) {
      inputs.current[FIELDS.find((f) => found[f]) ?? 'email']?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await submit(data, setError);
    } finally {
      setSubmitting(false);
    }
  };
  return { register, errors, isSubmitting, onSubmit };
}

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
  const form = useLoginForm(async (values, setError) => {
    setInlineError(null);
    try {
      await login(values);
    } catch (e) {
      setInlineError(
        applyServerError<Login>(e, (field, { message }) => setError(field as Field, message ?? ''), FIELDS),
      );
    }
  });
  const { errors, isSubmitting, onSubmit } = form;

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
            <EmailField field={form.register('email')} error={errors.email} autoFocus />
            <PasswordField field={form.register('password')} error={errors.password} />
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
