import type { SessionUser } from '@wac/shared/schemas/auth';
import type { UserData } from '../storage';

/** A company profile as the session needs it (the shape of GET user_company_profiles items). */
export interface Profile {
  uuid: string;
  enabled: boolean;
  roles: { name: string }[];
  company: { uuid: string; name: string; logo: string | null; subDomain: string; enabled: boolean };
}

/**
 * Step 1: the one-time `_token` switch code of the address, and the address without it
 * (what `history.replaceState` puts back in the address bar).
 */
export function takeSwitchCode(href: string): { code: string | null; cleanUrl: string } {
  const url = new URL(href);
  const code = url.searchParams.get('_token');
  if (code === null) return { code: null, cleanUrl: href };
  url.searchParams.delete('_token');
  return { code: code || null, cleanUrl: `${url.pathname}${url.search}${url.hash}` };
}

/** Step 3: the signed-in user merged over the stored userData (kept only when it is the same user). */
export function mergeUserData(stored: UserData | null, user: SessionUser): UserData {
  const same = stored?.uuid === user.uuid;
  return {
    uuid: user.uuid,
    roles: user.roles,
    userCompanies: same ? stored.userCompanies : [],
    currentCompany: same ? stored.currentCompany : null,
  };
}

/** Step 5: the fetched company set must be exactly the token's `companyUuids`. */
export function sameCompanySet(profiles: readonly Profile[], companyUuids: readonly string[]): boolean {
  const fetched = new Set(profiles.map((p) => p.company.uuid));
  const claimed = new Set(companyUuids);
  if (fetched.size !== claimed.size) return false;
  for (const uuid of claimed) if (!fetched.has(uuid)) return false;
  return true;
}

const isUsable = (p: Profile) => p.enabled && p.company.enabled;

/** Step 6: the page's sub-domain company, else the first enabled one, else the first. */
export function pickCurrentCompany(profiles: readonly Profile[], hostSubDomain: string | null): Profile | null {
  return (
    profiles.find((p) => hostSubDomain !== null && p.company.subDomain === hostSubDomain) ??
    profiles.find(isUsable) ??
    profiles[0] ??
    null
  );
}

/**
 * Paths that never move to another sub-domain: public pages, the sign-up flow, and an invitation
 * (its link is on the inviting company's sub-domain, which the invitee is not a member of yet).
 */
export const isRedirectExempt = (path: string) => /\/(public|signup|invitations)(\/|$)/.test(path);

/** Enabled companies first, then by name; the switcher's order. */
export function sortForSwitcher(profiles: readonly Profile[]): Profile[] {
  return [...profiles].sort(
    (a, b) => Number(isUsable(b)) - Number(isUsable(a)) || a.company.name.localeCompare(b.company.name),
  );
}

export type StartDecision =
  | { kind: 'logout' }
  | { kind: 'redirect'; current: Profile }
  | { kind: 'ready'; current: Profile; disabled: boolean };

/** Steps 5–7 once the profiles are known. */
export function decideStart(input: {
  user: Pick<SessionUser, 'companyUuids'>;
  profiles: readonly Profile[];
  hostSubDomain: string | null;
  path: string;
}): StartDecision {
  if (!sameCompanySet(input.profiles, input.user.companyUuids)) return { kind: 'logout' };
  const current = pickCurrentCompany(input.profiles, input.hostSubDomain);
  if (!current) return { kind: 'logout' };
  if (current.company.subDomain !== input.hostSubDomain && !isRedirectExempt(input.path)) {
    return { kind: 'redirect', current };
  }
  return { kind: 'ready', current, disabled: !isUsable(current) };
}
