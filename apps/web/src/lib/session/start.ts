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
  // The language and skin a switch carries (lib/session/session.ts) leave with the code.
  const carried = ['_token', '_lang', '_skin'].filter((k) => url.searchParams.has(k));
  if (carried.length === 0) return { code: null, cleanUrl: href };
  for (const k of carried) url.searchParams.delete(k);
  return { code: code || null, cleanUrl: `${url.pathname}${url.search}${url.hash}` };
}

/**
 * On the base domain, where the sign-in was asked to continue (`?to=acme&path=/teams`): a company
 * label and a console path, or nulls. The path is only ever appended to a company URL the console
 * builds, and anything but a plain absolute path is dropped.
 */
export function readEntry(href: string): { wanted: string | null; next: string | null } {
  const url = new URL(href);
  const to = url.searchParams.get('to');
  const path = url.searchParams.get('path');
  return {
    wanted: to && /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(to) ? to : null,
    next: path && /^\/(?![/\\])[^\s]*$/.test(path) ? path : null,
  };
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

/**
 * Step 6: the page's sub-domain company, else the one the sign-in was asked to continue into,
 * else the first enabled one, else the first.
 */
export function pickCurrentCompany(
  profiles: readonly Profile[],
  hostSubDomain: string | null,
  wanted: string | null = null,
): Profile | null {
  const named = hostSubDomain ?? wanted;
  return (
    profiles.find((p) => named !== null && p.company.subDomain === named) ??
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

/**
 * Paths a company page without a session keeps to itself instead of asking the base domain's
 * sign-in: the exempt ones, and the password reset (its mail links there) and error pages.
 */
export const staysSignedOut = (path: string) =>
  isRedirectExempt(path) || /^\/(forgot-password|reset-password|logout|error)(\/|$)/.test(path);

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
  /** A company a super admin opened without a membership (the token says so); not in the set check. */
  visit?: Profile | null;
  hostSubDomain: string | null;
  /** On the base domain: the company the sign-in was asked to continue into. */
  wanted?: string | null;
  path: string;
}): StartDecision {
  if (!sameCompanySet(input.profiles, input.user.companyUuids)) return { kind: 'logout' };
  const current = pickCurrentCompany(
    input.visit ? [...input.profiles, input.visit] : input.profiles,
    input.hostSubDomain,
    input.wanted ?? null,
  );
  if (!current) return { kind: 'logout' };
  // No company may be entered (every membership or company disabled): the notice shows where the
  // sign-in is, since a switch code into a disabled membership is refused.
  if (input.hostSubDomain === null && !isUsable(current)) return { kind: 'ready', current, disabled: true };
  if (current.company.subDomain !== input.hostSubDomain && !isRedirectExempt(input.path)) {
    return { kind: 'redirect', current };
  }
  return { kind: 'ready', current, disabled: !isUsable(current) };
}
