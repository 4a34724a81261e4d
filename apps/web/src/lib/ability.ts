import { type AppAbility, defineAbilityFor } from '@wac/shared/permissions';
import { useMemo } from 'react';
import { type SessionState, useSession } from './session/store';

/** The shared rule set for the session's user in the current company (the SPA only hides; the server enforces). */
export function abilityFor(s: Pick<SessionState, 'user' | 'current'>): AppAbility {
  return defineAbilityFor({
    userId: s.user?.uuid,
    globalRoles: s.user?.roles,
    membership: s.current ? { enabled: s.current.enabled, roles: s.current.roles.map((r) => r.name) } : null,
    companyEnabled: s.current?.company.enabled,
  });
}

export function useAbility(): AppAbility {
  const { user, current } = useSession();
  return useMemo(() => abilityFor({ user, current }), [user, current]);
}
