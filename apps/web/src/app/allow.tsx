import type { Subject } from '@wac/shared/permissions';
import { Outlet } from 'react-router';
import { StatusPage } from '../components/status-page';
import { useAbility } from '../lib/ability';

/** A screen behind a permission: the not-authorized page when the shared rules say no. */
export default function Allow({ subject }: { subject: Subject }) {
  const ability = useAbility();
  return ability.can('read', subject) ? <Outlet /> : <StatusPage kind="notAuthorized" />;
}
