import { describe, expect, it } from 'vitest';
import {
  decideStart,
  isRedirectExempt,
  mergeUserData,
  pickCurrentCompany,
  type Profile,
  readEntry,
  sameCompanySet,
  sortForSwitcher,
  takeSwitchCode,
} from './start';

const profile = (sub: string, uuid: string, enabled = true, companyEnabled = true): Profile => ({
  uuid: `m-${uuid}`,
  enabled,
  roles: [{ name: 'member' }],
  company: { uuid, name: sub[0]?.toUpperCase() + sub.slice(1), logo: null, subDomain: sub, enabled: companyEnabled },
});

const acme = profile('acme', 'c-acme');
const globex = profile('globex', 'c-globex');
const initech = profile('initech', 'c-initech', false);

describe('takeSwitchCode (step 1)', () => {
  it('takes the code and gives the address without it, keeping the rest', () => {
    expect(takeSwitchCode('http://acme.localhost:3000/admin/users?tab=2&_token=abc#top')).toEqual({
      code: 'abc',
      cleanUrl: '/admin/users?tab=2#top',
    });
  });
  it('leaves an address without a code alone', () => {
    const href = 'http://acme.localhost:3000/admin/?x=1';
    expect(takeSwitchCode(href)).toEqual({ code: null, cleanUrl: href });
  });
  it('strips an empty code too', () => {
    expect(takeSwitchCode('http://acme.localhost/admin/?_token=')).toEqual({ code: null, cleanUrl: '/admin/' });
  });
});

describe('mergeUserData (step 3)', () => {
  const user = { uuid: 'u1', roles: ['super_admin'] };
  it('keeps stored companies of the same user and takes fresh roles', () => {
    const stored = { uuid: 'u1', roles: [], userCompanies: [acme], currentCompany: acme };
    expect(
      mergeUserData(stored, {
        ...user,
        email: '',
        firstName: '',
        lastName: '',
        phone: null,
        avatar: null,
        language: null,
        companyUuids: [],
      }),
    ).toEqual({
      uuid: 'u1',
      roles: ['super_admin'],
      userCompanies: [acme],
      currentCompany: acme,
    });
  });
  it("drops another user's stored companies", () => {
    const stored = { uuid: 'u2', roles: [], userCompanies: [acme], currentCompany: acme };
    const merged = mergeUserData(stored, {
      ...user,
      email: '',
      firstName: '',
      lastName: '',
      phone: null,
      avatar: null,
      language: null,
      companyUuids: [],
    });
    expect(merged.userCompanies).toEqual([]);
    expect(merged.currentCompany).toBeNull();
  });
});

describe('sameCompanySet (step 5)', () => {
  it('is order-insensitive and exact', () => {
    expect(sameCompanySet([acme, globex], ['c-globex', 'c-acme'])).toBe(true);
    expect(sameCompanySet([acme], ['c-acme', 'c-globex'])).toBe(false);
    expect(sameCompanySet([acme, globex], ['c-acme'])).toBe(false);
    expect(sameCompanySet([acme], ['c-globex'])).toBe(false);
  });
});

describe('pickCurrentCompany (step 6)', () => {
  it("prefers the page's sub-domain, even when disabled", () => {
    expect(pickCurrentCompany([acme, initech], 'initech')).toBe(initech);
  });
  it('else the first enabled, else the first', () => {
    expect(pickCurrentCompany([initech, globex, acme], 'other')).toBe(globex);
    expect(pickCurrentCompany([initech], null)).toBe(initech);
    expect(pickCurrentCompany([], 'acme')).toBeNull();
  });
  it('skips memberships of a disabled company when choosing the first enabled', () => {
    const closed = profile('closed', 'c-closed', true, false);
    expect(pickCurrentCompany([closed, acme], null)).toBe(acme);
  });
});

describe('decideStart (steps 5–7)', () => {
  const user = { companyUuids: ['c-acme', 'c-globex'] };
  it('logs out silently on a company-set mismatch', () => {
    expect(decideStart({ user, profiles: [acme], hostSubDomain: 'acme', path: '/' })).toEqual({ kind: 'logout' });
  });
  it('logs out a user with no company', () => {
    expect(decideStart({ user: { companyUuids: [] }, profiles: [], hostSubDomain: null, path: '/' })).toEqual({
      kind: 'logout',
    });
  });
  it('is ready on its own sub-domain', () => {
    expect(decideStart({ user, profiles: [acme, globex], hostSubDomain: 'globex', path: '/' })).toEqual({
      kind: 'ready',
      current: globex,
      disabled: false,
    });
  });
  it('a super admin visiting a company he is no member of stays there, its company current', () => {
    const umbrella = { ...profile('umbrella', 'c-umbrella'), roles: [] };
    expect(
      decideStart({ user, profiles: [acme, globex], visit: umbrella, hostSubDomain: 'umbrella', path: '/teams' }),
    ).toEqual({
      kind: 'ready',
      current: umbrella,
      disabled: false,
    });
    // The visit is never a fallback: on another host the start picks among the memberships.
    expect(decideStart({ user, profiles: [acme, globex], visit: umbrella, hostSubDomain: null, path: '/' })).toEqual({
      kind: 'redirect',
      current: acme,
    });
  });
  it('on the base domain, continues into the company the sign-in was asked for, if the person is in it', () => {
    expect(
      decideStart({ user, profiles: [acme, globex], hostSubDomain: null, wanted: 'globex', path: '/login' }),
    ).toEqual({
      kind: 'redirect',
      current: globex,
    });
    expect(
      decideStart({ user, profiles: [acme, globex], hostSubDomain: null, wanted: 'umbrella', path: '/login' }),
    ).toEqual({
      kind: 'redirect',
      current: acme,
    });
  });
  it('reads where to continue from the base address, and drops anything but a label and a plain path', () => {
    expect(readEntry('http://localhost:3000/admin/login?to=globex&path=%2Fteams%3Fpage%3D2')).toEqual({
      wanted: 'globex',
      next: '/teams?page=2',
    });
    expect(readEntry('http://localhost:3000/admin/login?to=Evil.com&path=%2F%2Fevil.com')).toEqual({
      wanted: null,
      next: null,
    });
    expect(readEntry('http://localhost:3000/admin/login?path=%2F%5Cevil.com')).toEqual({ wanted: null, next: null });
    expect(readEntry('http://localhost:3000/admin/login')).toEqual({ wanted: null, next: null });
  });
  it('strips the carried language and skin with the code', () => {
    expect(takeSwitchCode('http://acme.localhost:3000/admin/teams?_token=abc&_lang=ar&_skin=dark&x=1')).toEqual({
      code: 'abc',
      cleanUrl: '/admin/teams?x=1',
    });
  });
  it('redirects from the bare domain or a foreign sub-domain to the chosen company', () => {
    expect(decideStart({ user, profiles: [acme, globex], hostSubDomain: null, path: '/users' })).toEqual({
      kind: 'redirect',
      current: acme,
    });
    expect(decideStart({ user, profiles: [acme, globex], hostSubDomain: 'umbrella', path: '/' }).kind).toBe('redirect');
  });
  it('does not redirect under /public/ or /signup/', () => {
    expect(decideStart({ user, profiles: [acme, globex], hostSubDomain: null, path: '/signup/verify' }).kind).toBe(
      'ready',
    );
    expect(
      decideStart({ user, profiles: [acme, globex], hostSubDomain: null, path: '/public/acme/contact' }).kind,
    ).toBe('ready');
  });
  it('marks a disabled membership', () => {
    const bob = { companyUuids: ['c-acme', 'c-initech'] };
    expect(decideStart({ user: bob, profiles: [acme, initech], hostSubDomain: 'initech', path: '/' })).toEqual({
      kind: 'ready',
      current: initech,
      disabled: true,
    });
  });
});

describe('switcher order and exemptions', () => {
  it('lists enabled companies first, then by name', () => {
    expect(sortForSwitcher([initech, globex, acme]).map((p) => p.company.subDomain)).toEqual([
      'acme',
      'globex',
      'initech',
    ]);
  });
  it('exempts exactly the public and signup paths', () => {
    expect(isRedirectExempt('/signup')).toBe(true);
    expect(isRedirectExempt('/public/acme/sales')).toBe(true);
    expect(isRedirectExempt('/publications')).toBe(false);
    expect(isRedirectExempt('/users/signups')).toBe(false);
  });
});

describe('decideStart on the base domain with no usable company', () => {
  it('shows the disabled notice there instead of asking for a switch code that would be refused', () => {
    const profile = {
      uuid: 'p1',
      enabled: false,
      roles: [{ name: 'member' }],
      company: { uuid: 'c1', name: 'Acme', logo: null, subDomain: 'acme', enabled: true },
    };
    expect(
      decideStart({ user: { companyUuids: ['c1'] }, profiles: [profile], hostSubDomain: null, path: '/' }),
    ).toEqual({ kind: 'ready', current: profile, disabled: true });
  });
});
