import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import type { GlobalRole, MembershipRole } from './constants';

/**
 * The one permission rule set: who may read or write which area. The server enforces it on every route;
 * the SPA uses the same rules to hide what a user cannot do.
 */
export const ACTIONS = ['read', 'write'] as const;
export type Action = (typeof ACTIONS)[number];

/** Company-admin areas, written by a company admin in their company only. */
export const ADMIN_SUBJECTS = ['dashboard', 'team', 'user', 'compliance', 'peopleHR', 'attendance', 'stats'] as const;
export type AdminSubject = (typeof ADMIN_SUBJECTS)[number];
/**
 * Areas every active member of a company reads and its admins write (the shape `npm run new-area`
 * writes; it adds each new area's subject here).
 */
export const AREA_SUBJECTS = [
  // new-area: subjects
] as const;
export type AreaSubject = (typeof AREA_SUBJECTS)[number];
/** `default`: dashboard, own profile, self-service. `companies`: the platform (super admin). */
export type Subject = 'Auth' | 'default' | 'companies' | 'jobs' | AdminSubject | AreaSubject | 'all';

export type AppAbility = MongoAbility<[Action, Subject]>;

export interface AbilityInput {
  /** Signed-in user's uuid; absent when signed out. */
  userId?: string | null;
  /** Global roles of the user (super_admin, super_admin_write). */
  globalRoles?: readonly (GlobalRole | string)[];
  /** The membership in the request's (current) company, if any. */
  membership?: { enabled: boolean; roles: readonly (MembershipRole | string)[] } | null;
  /** Whether the current company is enabled. Absent means no company context. */
  companyEnabled?: boolean | null;
}

export function isSuperAdmin(input: AbilityInput): boolean {
  return !!input.globalRoles?.includes('super_admin');
}

/** `areas` defaults to AREA_SUBJECTS; tests pass their own to prove the rule before any area exists. */
export function defineAbilityFor(input: AbilityInput, areas: readonly Subject[] = AREA_SUBJECTS): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  can('read', 'Auth');
  if (!input.userId) return build();

  const superAdmin = isSuperAdmin(input);
  const superWrite = superAdmin && !!input.globalRoles?.includes('super_admin_write');
  const m = input.membership;
  const activeMember = !!m && m.enabled && input.companyEnabled !== false;

  if (activeMember || superAdmin) can('read', 'default');
  if (activeMember && m.roles.includes('admin')) {
    can(['read', 'write'], [...ADMIN_SUBJECTS]);
  }
  if (activeMember && areas.length) {
    can('read', [...areas]);
    if (m.roles.includes('admin')) can('write', [...areas]);
  }
  if (superAdmin) {
    // Read every company and its users.
    can('read', ['companies', 'user', 'team', 'dashboard', 'stats', 'jobs']);
  }
  if (superWrite) {
    // Create, edit, enable/disable companies and their users.
    can('write', ['companies', 'user', 'jobs']);
  }
  return build();
}
