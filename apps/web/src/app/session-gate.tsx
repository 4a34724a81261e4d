import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useMatch } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { FullPageSpinner } from '../components/full-page-spinner';
import { useSession } from '../lib/session/store';

// The notice carries the company switcher (popover, scroll area): loaded only when needed.
const DisabledNotice = lazy(() => import('../components/disabled-notice').then((m) => ({ default: m.DisabledNotice })));
const DisabledJoin = lazy(() => import('./disabled-join'));

/** Until the session start settles, the spinner and nothing else. */
export function SessionGate() {
  const { status, retrying } = useSession();
  const { t } = useTranslation();
  // Said in words only when the wait is not the usual half second: an outage being waited out.
  if (status === 'loading') return <FullPageSpinner message={retrying ? t('session.retrying') : undefined} />;
  if (status === 'redirecting') return <FullPageSpinner message={t('session.redirecting')} />;
  if (status === 'error') return <ErrorPage />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * Console screens: signed in, in an enabled membership; else login or the disabled notice, whose
 * one way on in this company is asking to join another (/join, outside the console frame).
 */
export function RequireSession() {
  const { status, disabled } = useSession();
  const joining = useMatch('/join');
  if (status !== 'ready') return <Navigate to="/login" replace />;
  if (disabled) return joining ? <DisabledJoin /> : <DisabledNotice />;
  return <Outlet />;
}

/** Sign-in screens are for signed-out visitors; a signed-in user goes to the dashboard. */
export function SignedOutOnly() {
  const { status } = useSession();
  if (status === 'ready') return <Navigate to="/" replace />;
  return <Outlet />;
}
