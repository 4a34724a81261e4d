import { describe, expect, it } from 'vitest';
import { abilityFor } from '../lib/ability';
import { activeNavPath, NAV_ITEMS, navItemsFor, navSections, searchScreensFor } from './navigation';

const company = {
  uuid: '22222222-2222-4222-8222-222222222222',
  name: 'Initech',
  logo: null,
  subDomain: 'initech',
  enabled: true,
};
const user = (roles: string[]) => ({
  uuid: '11111111-1111-4111-8111-111111111111',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Super',
  phone: null,
  avatar: null,
  language: null,
  roles,
  companyUuids: [],
});
const SELF = ['/attendance', '/my-policies', '/my-certifications', '/time-off'];

describe('sidebar entries', () => {
  it('gives a member her own clock, leave and acknowledgements', () => {
    const member = { uuid: 'm', enabled: true, roles: [{ name: 'member' }], company };
    const paths = navItemsFor(abilityFor({ user: user([]), current: member }), false).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(SELF));
  });

  it('leaves them out for a super admin visiting a company he is no member of (their screens only answered errors)', () => {
    // What the session makes of a visit (lib/session/session.ts): a membership with no role.
    const visit = { uuid: `visiting-${company.uuid}`, enabled: true, roles: [], company };
    const paths = navItemsFor(
      abilityFor({ user: user(['super_admin', 'super_admin_write']), current: visit }),
      true,
    ).map((i) => i.path);
    for (const path of SELF) expect(paths).not.toContain(path);
    expect(paths).toEqual(expect.arrayContaining(['/', '/users', '/companies', '/jobs']));
  });
});

describe('the entry marked as the page', () => {
  it('is the most specific entry the path is in, one at a time', () => {
    expect(activeNavPath(NAV_ITEMS, '/attendance/board')).toBe('/attendance/board');
    expect(activeNavPath(NAV_ITEMS, '/attendance/timesheets')).toBe('/attendance/timesheets');
    expect(activeNavPath(NAV_ITEMS, '/attendance')).toBe('/attendance');
    expect(activeNavPath(NAV_ITEMS, '/people/settings')).toBe('/people');
    expect(activeNavPath(NAV_ITEMS, '/policies/abc')).toBe('/policies');
    expect(activeNavPath(NAV_ITEMS, '/time-off-types')).toBe('/time-off-types');
    expect(activeNavPath(NAV_ITEMS, '/')).toBe('/');
    expect(activeNavPath(NAV_ITEMS, '/profile')).toBeNull();
    // A member without the day board: her own attendance stays marked on a path under it.
    expect(activeNavPath([{ path: '/' }, { path: '/attendance' }], '/attendance/board')).toBe('/attendance');
  });
});

describe('the screens the navbar search finds', () => {
  it('holds the screens reached outside the sidebar: my profile and sessions for everyone, people settings for HR admins', () => {
    const member = { uuid: 'm', enabled: true, roles: [{ name: 'member' }], company };
    const admin = { uuid: 'a', enabled: true, roles: [{ name: 'admin' }], company };
    const memberPaths = searchScreensFor(abilityFor({ user: user([]), current: member }), false).map((i) => i.path);
    expect(memberPaths).toEqual(expect.arrayContaining(['/profile', '/profile/sessions', '/my-policies']));
    expect(memberPaths).not.toContain('/people/settings');
    const adminPaths = searchScreensFor(abilityFor({ user: user([]), current: admin }), false).map((i) => i.path);
    expect(adminPaths).toEqual(expect.arrayContaining(['/profile', '/profile/sessions', '/people/settings']));
    // Each screen once: the sidebar's entries are not repeated.
    expect(new Set(adminPaths).size).toBe(adminPaths.length);
  });
});

describe('the sidebar in sections', () => {
  it("lists a company admin's entries under five headings, the dashboard above them, each section once", () => {
    const admin = { uuid: 'a', enabled: true, roles: [{ name: 'admin' }], company };
    const sections = navSections(navItemsFor(abilityFor({ user: user([]), current: admin }), false));
    expect(sections.map((s) => s.group)).toEqual([null, 'people', 'attendance', 'compliance', 'company']);
    expect(sections[0]!.items.map((i) => i.path)).toEqual(['/']);
    expect(sections[1]!.items.map((i) => i.path)).toEqual(expect.arrayContaining(['/people', '/time-off', '/users']));
    expect(sections[2]!.items.every((i) => i.path.startsWith('/attendance'))).toBe(true);
  });

  it('keeps an entry without a section (a new area) after the sections, and a late entry in its own section', () => {
    const sections = navSections([
      { path: '/', group: undefined },
      { path: '/a', group: 'people' as const },
      { path: '/b', group: 'platform' as const },
      { path: '/c', group: 'people' as const },
      { path: '/new', group: undefined },
    ]);
    expect(sections.map((s) => [s.group, s.items.map((i) => i.path)])).toEqual([
      [null, ['/']],
      ['people', ['/a', '/c']],
      ['platform', ['/b']],
      [null, ['/new']],
    ]);
  });
});
