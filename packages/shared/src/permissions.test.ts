import { describe, expect, it } from 'vitest';
import { ADMIN_SUBJECTS, defineAbilityFor, type Subject } from './permissions';

const member = { enabled: true, roles: ['member'] };
const admin = { enabled: true, roles: ['admin'] };

describe('permission rules', () => {
  it('signed out: reads Auth only', () => {
    const a = defineAbilityFor({});
    expect(a.can('read', 'Auth')).toBe(true);
    expect(a.can('read', 'default')).toBe(false);
    expect(a.can('write', 'user')).toBe(false);
  });

  it('any enabled member reads the default subject, writes nothing', () => {
    const a = defineAbilityFor({ userId: 'u', membership: member, companyEnabled: true });
    expect(a.can('read', 'default')).toBe(true);
    for (const s of ADMIN_SUBJECTS) expect(a.can('write', s)).toBe(false);
    expect(a.can('read', 'companies')).toBe(false);
  });

  it.each(ADMIN_SUBJECTS)('a company admin writes %s', (subject) => {
    const a = defineAbilityFor({ userId: 'u', membership: admin, companyEnabled: true });
    expect(a.can('write', subject)).toBe(true);
    expect(a.can('read', subject)).toBe(true);
  });

  it('a company admin does not reach the platform', () => {
    const a = defineAbilityFor({ userId: 'u', membership: admin, companyEnabled: true });
    expect(a.can('read', 'companies')).toBe(false);
    expect(a.can('write', 'companies')).toBe(false);
  });

  it('a disabled membership blocks everything but Auth, admin or not', () => {
    const a = defineAbilityFor({ userId: 'u', membership: { enabled: false, roles: ['admin'] }, companyEnabled: true });
    expect(a.can('read', 'default')).toBe(false);
    expect(a.can('write', 'user')).toBe(false);
    expect(a.can('read', 'Auth')).toBe(true);
  });

  it('a disabled company blocks its members, admins included', () => {
    const a = defineAbilityFor({ userId: 'u', membership: admin, companyEnabled: false });
    expect(a.can('read', 'default')).toBe(false);
    expect(a.can('write', 'team')).toBe(false);
  });

  it('a signed-in user with no membership here reads nothing', () => {
    const a = defineAbilityFor({ userId: 'u', membership: null, companyEnabled: true });
    expect(a.can('read', 'default')).toBe(false);
  });

  it('super_admin reads every company and its users, writes nothing', () => {
    const a = defineAbilityFor({ userId: 'u', globalRoles: ['super_admin'] });
    expect(a.can('read', 'companies')).toBe(true);
    expect(a.can('read', 'user')).toBe(true);
    expect(a.can('write', 'companies')).toBe(false);
    expect(a.can('write', 'user')).toBe(false);
  });

  it('super_admin_write adds writing companies and their users', () => {
    const a = defineAbilityFor({ userId: 'u', globalRoles: ['super_admin', 'super_admin_write'] });
    expect(a.can('write', 'companies')).toBe(true);
    expect(a.can('write', 'user')).toBe(true);
  });

  it('super_admin_write without super_admin grants nothing extra', () => {
    const a = defineAbilityFor({ userId: 'u', globalRoles: ['super_admin_write'] });
    expect(a.can('write', 'companies')).toBe(false);
    expect(a.can('read', 'companies')).toBe(false);
  });

  it('an area (AREA_SUBJECTS): every active member reads it, only company admins write it', () => {
    const areas = ['gadget' as Subject];
    const m = defineAbilityFor({ userId: 'u', membership: member, companyEnabled: true }, areas);
    expect([m.can('read', areas[0]!), m.can('write', areas[0]!)]).toEqual([true, false]);
    const a = defineAbilityFor({ userId: 'u', membership: admin, companyEnabled: true }, areas);
    expect([a.can('read', areas[0]!), a.can('write', areas[0]!)]).toEqual([true, true]);
    const off = defineAbilityFor(
      { userId: 'u', membership: { enabled: false, roles: ['admin'] }, companyEnabled: true },
      areas,
    );
    expect(off.can('read', areas[0]!)).toBe(false);
    const root = defineAbilityFor({ userId: 'u', globalRoles: ['super_admin', 'super_admin_write'] }, areas);
    expect(root.can('read', areas[0]!)).toBe(false);
    expect(defineAbilityFor({}, areas).can('read', areas[0]!)).toBe(false);
  });
});
