import { proposeSubDomain } from '@wac/shared/validation';
import { otpField } from '@wac/shared/validation';
import { RegisterSchema } from '@wac/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Radio, SimpleGrid, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormHeading } from '../../components/auth-form';
import { NewPasswordPair } from '../../components/new-password-pair';
import { BlankLayout } from '../../components/blank-layout';
import { browser } from '../../lib/browser';
import { applyServerError } from '../../lib/forms';
import { companyUrl, currentHost } from '../../lib/host';
import { currentLanguage, fieldMessage } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { type RegisterStarted, register as registerAccount } from './api/register';
import { registerResend } from './api/register-resend';
import { registerVerify } from './api/register-verify';

type DetailsInput = z.input<typeof RegisterSchema>;
type DetailsOutput = z.output<typeof RegisterSchema>;
const OtpSchema = z.object({ otp: otpField });

const DETAIL_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'companyName',
  'subDomain',
  'phone',
  'password',
  'confirmPassword',
] as const;

function DetailsStep({ onStarted }: { onStarted: (r: RegisterStarted) => void }) {
  const { t } = useTranslation();
  const [subDomainEdited, setSubDomainEdited] = useState(false);
  const form = useForm<DetailsInput, unknown, DetailsOutput>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      companyName: '',
      subDomain: '',
      phone: '',
      password: '',
      confirmPassword: '',
      accountType: 'organization',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const subDomain = form.watch('subDomain') ?? '';
  const host = currentHost();

  const companyField = form.register('companyName');
  const subDomainField = form.register('subDomain');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onStarted(await registerAccount({ ...values, language: currentLanguage() }));
    } catch (e) {
      applyServerError(e, form.setError, DETAIL_FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('signup.firstName')}
            autoComplete="given-name"
            withAsterisk
            error={fieldMessage(errors.firstName?.message)}
            {...form.register('firstName')}
          />
          <TextInput
            label={t('signup.lastName')}
            autoComplete="family-name"
            withAsterisk
            error={fieldMessage(errors.lastName?.message)}
            {...form.register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('signup.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          error={fieldMessage(errors.email?.message)}
          {...form.register('email')}
        />
        <TextInput
          label={t('signup.companyName')}
          autoComplete="organization"
          withAsterisk
          error={fieldMessage(errors.companyName?.message)}
          {...companyField}
          onChange={(e) => {
            void companyField.onChange(e);
            // The sub-domain follows the name until the user types their own.
            if (!subDomainEdited) form.setValue('subDomain', proposeSubDomain(e.currentTarget.value));
          }}
        />
        <TextInput
          label={t('signup.subDomain')}
          description={subDomain ? t('signup.subDomainHint', { host: `${subDomain}.${host.base}/admin` }) : undefined}
          autoComplete="off"
          error={fieldMessage(errors.subDomain?.message)}
          {...subDomainField}
          onChange={(e) => {
            setSubDomainEdited(true);
            void subDomainField.onChange(e);
          }}
        />
        <TextInput
          label={t('signup.phone')}
          type="tel"
          dir="ltr"
          autoComplete="tel"
          error={fieldMessage(errors.phone?.message)}
          {...form.register('phone')}
        />
        <NewPasswordPair
          password={form.register('password')}
          confirm={form.register('confirmPassword')}
          errors={errors}
          sideBySide
        />
        <Controller
          control={form.control}
          name="accountType"
          render={({ field }) => (
            <Radio.Group
              label={t('signup.accountType')}
              value={field.value ?? 'organization'}
              onChange={(v) => field.onChange(v)}
            >
              <Group mt="xs">
                <Radio value="organization" label={t('signup.organization')} />
                <Radio value="personal" label={t('signup.personal')} />
              </Group>
            </Radio.Group>
          )}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('signup.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function VerifyStep({ started, onVerified }: { started: RegisterStarted; onVerified: () => void }) {
  const { t } = useTranslation();
  const [resending, setResending] = useState(false);
  const form = useForm<z.infer<typeof OtpSchema>>({ resolver: zodResolver(OtpSchema), defaultValues: { otp: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    try {
      const target = await registerVerify({ registrationId: started.registrationId, otp });
      onVerified();
      // The new company lives on its own sub-domain; the one-time code signs the user in there.
      browser.assign(companyUrl(currentHost(), target.subDomain, '/', target.code));
    } catch (e) {
      applyServerError(e, form.setError, ['otp']);
    }
  });

  const onResend = async () => {
    setResending(true);
    try {
      await registerResend(started.registrationId);
      notify.success(t('signup.resent'));
    } catch {
      // The client toasted the server's message.
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('signup.otpSubtitle', { email: started.email })}</Text>
        <TextInput
          label={t('signup.otp')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          withAsterisk
          error={fieldMessage(errors.otp?.message)}
          {...form.register('otp')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('signup.verify')}
        </Button>
        <Button variant="subtle" onClick={() => void onResend()} loading={resending}>
          {t('signup.resend')}
        </Button>
      </Stack>
    </form>
  );
}

/** Sign-up: details → the mailed 6-digit code → signed in on the new company's sub-domain. */
export default function SignupScreen() {
  const { t } = useTranslation();
  const [started, setStarted] = useState<RegisterStarted | null>(null);
  const [done, setDone] = useState(false);
  const step = done ? 2 : started ? 1 : 0;
  const narrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const stepLabels = [t('signup.stepDetails'), t('signup.stepVerify'), t('signup.stepDone')];

  return (
    <BlankLayout wide>
      <Stack gap="lg">
        <FormHeading
          title={step === 0 ? t('signup.title') : t('signup.otpTitle')}
          subtitle={step === 0 ? t('signup.subtitle') : undefined}
        />
        {/* On a phone the three labels do not fit beside each other: numbered steps, then the current one in words. */}
        <Stepper active={step} size="sm" aria-label={t('signup.steps')} allowNextStepsSelect={false}>
          {stepLabels.map((label, i) => (
            // Its name starts with what it shows (the number on a phone), then says the step in words.
            <Stepper.Step
              key={label}
              label={narrow ? undefined : label}
              aria-label={narrow ? `${i + 1} ${label}` : undefined}
            />
          ))}
        </Stepper>
        {narrow && (
          <Text size="sm" fw={600} data-testid="signup-step">
            {t('signup.stepOf', { n: Math.min(step + 1, 3), total: 3, label: stepLabels[step] })}
          </Text>
        )}
        {step === 0 && <DetailsStep onStarted={setStarted} />}
        {step === 1 && started && <VerifyStep started={started} onVerified={() => setDone(true)} />}
        {step === 2 && (
          <Alert color="green" role="status">
            {t('signup.done')}
          </Alert>
        )}
        {step === 0 && (
          <Text size="sm" ta="center">
            {t('signup.haveAccount')}{' '}
            <Anchor component={Link} to="/login">
              {t('signup.signIn')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </BlankLayout>
  );
}
