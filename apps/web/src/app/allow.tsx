import type { Subject } from '@wac/shared/permissions';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { StatusPage } from '../components/status-page';
import { useAbility } from '../lib/ability';
import { notify } from '../lib/notify';
import { endSwitchArrival, isSwitchArrival } from '../lib/session/session';
import { useSession } from '../lib/session/store';

/**
 * A screen behind a permission: the not-authorized page when the shared rules say no; but right
 * after a company switch that kept a path the new company does not allow, the dashboard and a toast.
 */
export default function Allow({ subject }: { subject: Subject }) {
  const ability = useAbility();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { current } = useSession();
  const allowed = ability.can('read', subject);
  // Read in render, ended once shown: a first render that React throws away keeps it for the next.
  const [arrived] = useState(() => isSwitchArrival(pathname));
  const switched = arrived && !allowed;
  useEffect(() => endSwitchArrival(), []);
  useEffect(() => {
    if (switched) notify.info(t('admin:nav.notAllowedAfterSwitch', { company: current?.company.name ?? '' }));
  }, [switched, t, current]);
  if (allowed) return <Outlet />;
  return switched ? <Navigate to="/" replace /> : <StatusPage kind="notAuthorized" />;
}
