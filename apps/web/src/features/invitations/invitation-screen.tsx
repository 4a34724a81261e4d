import { InvitationAcceptNewSchema } from '@wac/shared/schemas/invitations';
import { LoginSchema } from '@wac/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { BlankLayout } from '../../components/blank-layout';
import { ApiError } from '../../lib/api-client';
import { applyServerError } from '../../lib/forms';
import { fieldMessage } from '../../lib/i18n';
import { logout, reloadUser } from '../../lib/session/session';
import { useSession } from '../../lib/session/store';
import { type Accepted, acceptAsNewUser, acceptAsSignedIn } from './api/accept-invitation';
import { getInvitation, type PublicInvitation } from './api/get-invitation';
import { signIn } from './api/sign-in';

type NewIn = z.input<typeof InvitationAcceptNewSchema>;
type NewOut = z.output<typeof InvitationAcceptNewSchema>;
type LoginIn = z.input<typeof LoginSchema>;
type LoginOut = z.output<typeof LoginSchema>;

function NewUserForm({
  token,
  invitation,
  onDone,
}: {
  token: string;
  invitation: PublicInvitation;
  onDone: (a: Accepted) => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewIn, unknown, NewOut>({
    resolver: zodResolver(InvitationAcceptNewSchema),
    defaultValues: {
      firstName: invitation.firstName ?? '',
      lastName: invitation.lastName ?? '',
      password: '',
      confirmPassword: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onDone(await acceptAsNewUser(token, values));
    } catch (e) {
      applyServerError(e, form.setError, ['firstName', 'lastName', 'password', 'confirmPassword']);
      if (e instanceof ApiError && e.issues.length === 0) setError(e.message);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('admin:common.email')} value={invitation.email} readOnly />
        <Group grow>
          <TextInput
            label={t('admin:common.firstName')}
            withAsterisk
            error={fieldMessage(errors.firstName?.message)}
            {...form.register('firstName')}
          />
          <TextInput
            label={t('admin:common.lastName')}
            withAsterisk
            error={fieldMessage(errors.lastName?.message)}
            {...form.register('lastName')}
          />
        </Group>
        <PasswordInput
          label={t('admin:common.password')}
          autoComplete="new-password"
          withAsterisk
          error={fieldMessage(errors.password?.message)}
          visibilityToggleButtonProps={{ 'aria-label': t('admin:common.showPassword') }}
          {...form.register('password')}
        />
        <PasswordInput
          label={t('admin:common.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          error={fieldMessage(errors.confirmPassword?.message)}
          visibilityToggleButtonProps={{ 'aria-label': t('admin:common.showPassword') }}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('admin:accept.createAccount')}
        </Button>
      </Stack>
    </form>
  );
}

function SignInForm({ invitation }: { invitation: PublicInvitation }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginIn, unknown, LoginOut>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: invitation.email, password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await signIn(values);
    } catch (e) {
      applyServerError(e, form.setError, ['email', 'password']);
      if (e instanceof ApiError && e.issues.length === 0) setError(e.message);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('admin:accept.signInHint')}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('admin:common.email')}
          type="email"
          autoComplete="username"
          error={fieldMessage(errors.email?.message)}
          {...form.register('email')}
        />
        <PasswordInput
          label={t('admin:common.password')}
          autoComplete="current-password"
          error={fieldMessage(errors.password?.message)}
          visibilityToggleButtonProps={{ 'aria-label': t('admin:common.showPassword') }}
          {...form.register('password')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('admin:accept.signIn')}
        </Button>
      </Stack>
    </form>
  );
}

function JoinAsSignedIn({
  token,
  invitation,
  onDone,
}: {
  token: string;
  invitation: PublicInvitation;
  onDone: (a: Accepted) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Signed in as someone else: the server refuses the acceptance, so say it first and offer the way
  // out here (signed out, the page shows the invitation's own sign-in or sign-up form).
  if (user && user.email.toLowerCase() !== invitation.email.toLowerCase()) {
    return (
      <Stack>
        <Text size="sm">{t('admin:accept.signedInAs', { email: user.email })}</Text>
        <Alert color="yellow" data-testid="invitation-other-account">
          {t('admin:accept.otherAccount', { email: invitation.email })}
        </Alert>
        <Button
          variant="default"
          onClick={() => {
            setBusy(true);
            void logout().finally(() => setBusy(false));
          }}
          loading={busy}
          fullWidth
        >
          {t('admin:accept.signOut')}
        </Button>
      </Stack>
    );
  }
  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      const accepted = await acceptAsSignedIn(token);
      // The new membership arrives with a fresh token and profile list.
      await reloadUser();
      onDone(accepted);
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Text size="sm">{t('admin:accept.signedInAs', { email: user?.email ?? '' })}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button onClick={() => void join()} loading={busy} fullWidth>
        {t('admin:accept.join')}
      </Button>
    </Stack>
  );
}

/** The invitation link's page: public, never redirected to another company (the link names its company). */
export default function InvitationScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { status } = useSession();
  const [invitation, setInvitation] = useState<PublicInvitation | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<Accepted | null>(null);

  useEffect(() => {
    let live = true;
    getInvitation(token).then(
      (inv) => live && setInvitation(inv),
      (e: unknown) => live && setLoadError(e instanceof ApiError ? e.message : t('admin:accept.invalid')),
    );
    return () => {
      live = false;
    };
  }, [token, t]);

  const signedIn = status === 'ready';
  return (
    <BlankLayout>
      <Stack gap="lg" data-testid="invitation">
        {!invitation && !loadError && <Loader mx="auto" role="status" aria-label={t('admin:table.loading')} />}
        {loadError && (
          <>
            <Title order={1} size="h3">
              {t('admin:accept.title')}
            </Title>
            <Alert color="red" role="alert">
              {loadError}
            </Alert>
            <Anchor component={Link} to="/login">
              {t('admin:accept.toLogin')}
            </Anchor>
          </>
        )}
        {invitation && (
          <>
            <Group>
              <Avatar src={invitation.company.logo} alt="" radius="md">
                {invitation.company.name.slice(0, 2)}
              </Avatar>
              <div>
                <Title order={1} size="h3">
                  {t('admin:accept.heading', { company: invitation.company.name })}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('admin:accept.for', { email: invitation.email })}
                </Text>
              </div>
            </Group>
            {invitation.invitedBy && (
              <Text data-testid="invitation-inviter">
                {t('admin:accept.invitedBy', {
                  name: `${invitation.invitedBy.firstName} ${invitation.invitedBy.lastName}`.trim(),
                  company: invitation.company.name,
                })}
              </Text>
            )}
            {accepted ? (
              <Stack>
                <Alert color="green" role="status" data-testid="invitation-accepted">
                  {t('admin:accept.done', { company: accepted.company.name })}
                </Alert>
                {signedIn ? (
                  <Button onClick={() => navigate('/')}>{t('admin:accept.toConsole')}</Button>
                ) : (
                  <Button component={Link} to="/login">
                    {t('admin:accept.toLogin')}
                  </Button>
                )}
              </Stack>
            ) : signedIn ? (
              <JoinAsSignedIn token={token} invitation={invitation} onDone={setAccepted} />
            ) : invitation.existingUser ? (
              <SignInForm invitation={invitation} />
            ) : (
              <NewUserForm token={token} invitation={invitation} onDone={setAccepted} />
            )}
          </>
        )}
      </Stack>
    </BlankLayout>
  );
}
