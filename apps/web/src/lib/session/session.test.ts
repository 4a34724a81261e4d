import { delay, HttpResponse, http } from 'msw';
import { SESSION_HINT_COOKIE } from '@wac/shared/constants';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORIGIN, server } from '../../test/server';
import { browser } from '../browser';
import { onToast, type ToastRequest } from '../notify';
import { currentLanguage, setLanguage } from '../i18n';
import { readUserData, STORAGE_KEYS, writeUserData } from '../storage';
import { logout, OUTAGE_RETRY_MS, reloadProfiles, reloadUser, renewAccessToken, startSession } from './session';
import { getAccessToken, sessionStore } from './store';
import type { Profile } from './start';

const USER = {
  uuid: '11111111-1111-4111-8111-111111111111',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Anders',
  phone: null,
  avatar: null,
  language: null,
  roles: [],
};
const ACME = '22222222-2222-4222-8222-222222222222';
const GLOBEX = '33333333-3333-4333-8333-333333333333';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJ1dWlkIjoiMSJ9.c2lnbmF0dXJl';

const profile = (uuid: string, sub: string, enabled = true): Profile => ({
  uuid: `${uuid.slice(0, 8)}-0000-4000-8000-000000000000`,
  enabled,
  roles: [{ name: 'admin' }],
  company: { uuid, name: sub, logo: null, subDomain: sub, enabled: true },
});

const tokens = (companyUuids: string[]) => ({
  accessToken: JWT,
  tokenType: 'Bearer',
  expiresIn: 900,
  user: { ...USER, companyUuids },
});

let assigned: string[] = [];
let toasts: ToastRequest[] = [];
let requests: string[] = [];
const originalAssign = browser.assign;
let stopToasts: () => void;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  assigned = [];
  toasts = [];
  requests = [];
  browser.assign = (url) => assigned.push(url);
  stopToasts = onToast((t) => toasts.push(t));
  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  sessionStore.reset();
  // The server's hint that this host has a session (set with the refresh cookie): most tests start
  // with one and let the refresh answer say whether it is still good.
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie (jsdom has no Cookie Store)
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
});
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  browser.assign = originalAssign;
  stopToasts();
  window.history.replaceState(null, '', '/admin/');
});

function serve(opts: { refresh?: number; profiles?: Profile[] | 'fail'; companyUuids?: string[] }) {
  const companyUuids = opts.companyUuids ?? [ACME, GLOBEX];
  server.use(
    http.post(`${ORIGIN}/api/jwt/refresh-token`, () =>
      opts.refresh && opts.refresh !== 200
        ? HttpResponse.json({ code: 'REFRESH_INVALID', message: 'Your session has ended.' }, { status: opts.refresh })
        : HttpResponse.json(tokens(companyUuids)),
    ),
    http.get(`${ORIGIN}/api/users/:uuid/user_company_profiles`, () =>
      opts.profiles === 'fail'
        ? HttpResponse.json({ code: 'INTERNAL', message: 'Something went wrong!' }, { status: 500 })
        : HttpResponse.json({ data: opts.profiles ?? [], page: 1, itemsPerPage: 50, totalItems: 2 }),
    ),
    http.post(`${ORIGIN}/api/jwt/logout`, () => HttpResponse.json({ ok: true })),
    http.post(`${ORIGIN}/api/jwt/switch-code`, async ({ request }) => {
      const { companyUuid } = (await request.json()) as { companyUuid: string };
      return HttpResponse.json({
        code: 'one-time-code-0123456789',
        expiresIn: 60,
        subDomain: companyUuid === GLOBEX ? 'globex' : 'acme',
      });
    }),
  );
}

/** What the server answers while PostgreSQL or Redis is away. */
const unavailable = () =>
  HttpResponse.json({ code: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable.' }, { status: 503 });

describe('session start', () => {
  it('redeems the _token code by POST, strips it from the address first, and starts on that company', async () => {
    window.history.replaceState(null, '', '/admin/users?tab=2&_token=one-time-code-0123456789');
    let redeemed: unknown;
    serve({ profiles: [profile(ACME, 'acme'), profile(GLOBEX, 'globex')] });
    server.use(
      http.post(`${ORIGIN}/api/jwt/switch-code/redeem`, async ({ request }) => {
        redeemed = await request.json();
        expect(window.location.search).not.toContain('_token');
        return HttpResponse.json(tokens([ACME, GLOBEX]));
      }),
    );
    await startSession();
    expect(redeemed).toEqual({ code: 'one-time-code-0123456789' });
    expect(window.location.pathname + window.location.search).toBe('/admin/users?tab=2');
    expect(requests).not.toContain('POST /api/jwt/refresh-token');
    const s = sessionStore.get();
    expect(s.status).toBe('ready');
    expect(s.current?.company.subDomain).toBe('acme');
    expect(getAccessToken()).toBe(JWT);
  });

  it('keeps the language a switch carries as soon as the address loses it, before it has loaded', async () => {
    window.history.replaceState(null, '', '/admin/?_token=one-time-code-0123456789&_lang=ar');
    localStorage.removeItem(STORAGE_KEYS.language);
    serve({ profiles: [profile(ACME, 'acme')] });
    server.use(http.post(`${ORIGIN}/api/jwt/switch-code/redeem`, () => HttpResponse.json(tokens([ACME]))));
    try {
      const started = startSession();
      // Synchronously after the start: the address is clean and the choice already kept, so a tab
      // that leaves now (its language still loading) does not lose it.
      expect(window.location.search).toBe('');
      expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
      await started;
      expect(currentLanguage()).toBe('ar');
    } finally {
      localStorage.removeItem(STORAGE_KEYS.language);
      await setLanguage('en', false);
    }
  });

  it('speaks the language kept in the profile where none was chosen on this address, and never over a choice', async () => {
    const start = async (stored: string | null) => {
      window.history.replaceState(null, '', '/admin/?_token=one-time-code-0123456789');
      if (stored) localStorage.setItem(STORAGE_KEYS.language, stored);
      else localStorage.removeItem(STORAGE_KEYS.language);
      serve({ profiles: [profile(ACME, 'acme')] });
      server.use(
        http.post(`${ORIGIN}/api/jwt/switch-code/redeem`, () =>
          HttpResponse.json({ ...tokens([ACME]), user: { ...USER, companyUuids: [ACME], language: 'fr' } }),
        ),
      );
      await startSession();
      expect(sessionStore.get().status).toBe('ready');
    };
    try {
      await start(null);
      expect(currentLanguage()).toBe('fr');
      expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('fr');
      await setLanguage('en', false);
      sessionStore.reset();
      await start('de');
      expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('de');
      expect(currentLanguage()).toBe('en');
    } finally {
      localStorage.removeItem(STORAGE_KEYS.language);
      await setLanguage('en', false);
    }
  });

  it('a forged or expired code lands signed out with the server message for the login screen', async () => {
    window.history.replaceState(null, '', '/admin/?_token=forged');
    server.use(
      http.post(`${ORIGIN}/api/jwt/switch-code/redeem`, () =>
        HttpResponse.json(
          { code: 'SWITCH_CODE_INVALID', message: 'This sign-in link is invalid or has expired. Please sign in.' },
          { status: 400 },
        ),
      ),
    );
    await startSession();
    expect(window.location.search).toBe('');
    expect(sessionStore.get()).toMatchObject({
      status: 'signedOut',
      notice: 'This sign-in link is invalid or has expired. Please sign in.',
    });
    expect(toasts).toEqual([]);
  });

  it('with no session on a company page it asks the base domain’s one sign-in, keeping the path and its query', async () => {
    window.history.replaceState(null, '', '/admin/teams?page=2');
    writeUserData({ uuid: USER.uuid, roles: [], userCompanies: [], currentCompany: null });
    serve({ refresh: 401 });
    await startSession();
    expect(sessionStore.get().status).toBe('redirecting');
    expect(assigned).toEqual(['http://localhost:3000/admin/login?to=acme&path=%2Fteams%3Fpage%3D2']);
    expect(toasts).toEqual([]);
  });

  it('without the session hint it knows it is signed out: no refresh is sent (no 401 in a new visitor’s console)', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie (jsdom has no Cookie Store)
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
    window.history.replaceState(null, '', '/admin/teams');
    serve({});
    await startSession();
    expect(sessionStore.get().status).toBe('redirecting');
    expect(assigned).toEqual(['http://localhost:3000/admin/login?to=acme&path=%2Fteams']);
    expect(requests).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('with no session on a page that keeps to itself (password reset) it renders signed out and clears the stored user data', async () => {
    window.history.replaceState(null, '', '/admin/reset-password');
    writeUserData({ uuid: USER.uuid, roles: [], userCompanies: [], currentCompany: null });
    serve({ refresh: 401 });
    await startSession();
    expect(sessionStore.get().status).toBe('signedOut');
    expect(assigned).toEqual([]);
    expect(readUserData()).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('restores the session from the refresh cookie and stores userData without any token', async () => {
    serve({ profiles: [profile(ACME, 'acme'), profile(GLOBEX, 'globex')] });
    await startSession();
    expect(sessionStore.get().status).toBe('ready');
    const raw = localStorage.getItem('userData') ?? '';
    expect(JSON.parse(raw)).toMatchObject({
      uuid: USER.uuid,
      roles: [],
      currentCompany: { company: { subDomain: 'acme' } },
    });
    expect(JSON.parse(raw).userCompanies).toHaveLength(2);
    for (const key of Object.keys(localStorage)) expect(localStorage.getItem(key)).not.toContain(JWT);
    expect(requests).toContain(`GET /api/users/${USER.uuid}/user_company_profiles`);
  });

  it('a database moment on the server (503 on refresh) is waited out: the session starts, no sign-in form', async () => {
    serve({ profiles: [profile(ACME, 'acme'), profile(GLOBEX, 'globex')] });
    let outages = 2;
    server.use(
      http.post(`${ORIGIN}/api/jwt/refresh-token`, () =>
        outages-- > 0 ? unavailable() : HttpResponse.json(tokens([ACME, GLOBEX])),
      ),
    );
    // What the spinner is told meanwhile: the wait has a reason, said in words until it ends.
    const seen: boolean[] = [];
    const stop = sessionStore.subscribe((s) => {
      if (s.retrying !== seen.at(-1)) seen.push(s.retrying);
    });
    await startSession();
    stop();
    expect(requests.filter((r) => r === 'POST /api/jwt/refresh-token')).toHaveLength(3);
    expect(sessionStore.get()).toMatchObject({ status: 'ready', retrying: false });
    expect(seen).toEqual([false, true, false]);
    expect(assigned).toEqual([]);
  });

  it('a reload during an outage longer than the retries waits it out and opens signed in, not on the sign-in form', async () => {
    const kept = OUTAGE_RETRY_MS.splice(0, OUTAGE_RETRY_MS.length, 1, 2);
    try {
      serve({ profiles: [profile(ACME, 'acme'), profile(GLOBEX, 'globex')] });
      let outages = 6;
      server.use(
        http.post(`${ORIGIN}/api/jwt/refresh-token`, () =>
          outages-- > 0 ? unavailable() : HttpResponse.json(tokens([ACME, GLOBEX])),
        ),
      );
      const seen: string[] = [];
      const stop = sessionStore.subscribe((s) => {
        const state = `${s.status}${s.retrying ? ' (retrying)' : ''}`;
        if (state !== seen.at(-1)) seen.push(state);
      });
      await startSession();
      stop();
      // Two waits in the list, then the last one again until the server answered.
      expect(requests.filter((r) => r === 'POST /api/jwt/refresh-token')).toHaveLength(7);
      expect(seen).toEqual(['loading', 'loading (retrying)', 'loading', 'ready']);
      expect(sessionStore.get()).toMatchObject({ status: 'ready', notice: null, retrying: false });
      expect(assigned).toEqual([]);
    } finally {
      OUTAGE_RETRY_MS.splice(0, OUTAGE_RETRY_MS.length, ...kept);
    }
  });

  it('waits at most 2 s between retries, so a console started in an outage opens within 2 s of its end, and tells the outage after about 15 s', () => {
    expect(Math.max(...OUTAGE_RETRY_MS)).toBeLessThanOrEqual(2000);
    const total = OUTAGE_RETRY_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(12_000);
    expect(total).toBeLessThanOrEqual(18_000);
  });

  it('a renewal inside a started session gives up after the retries (the screen in front tells the outage)', async () => {
    const kept = OUTAGE_RETRY_MS.splice(0, OUTAGE_RETRY_MS.length, 1, 2);
    try {
      server.use(http.post(`${ORIGIN}/api/jwt/refresh-token`, () => unavailable()));
      sessionStore.reset({ status: 'ready' });
      expect(await renewAccessToken()).toBeNull();
      expect(requests.filter((r) => r === 'POST /api/jwt/refresh-token')).toHaveLength(3);
    } finally {
      OUTAGE_RETRY_MS.splice(0, OUTAGE_RETRY_MS.length, ...kept);
    }
  });

  it('logs out silently when the fetched companies differ from the token', async () => {
    serve({ profiles: [profile(ACME, 'acme')], companyUuids: [ACME, GLOBEX] });
    await startSession();
    expect(requests).toContain('POST /api/jwt/logout');
    expect(sessionStore.get()).toMatchObject({ status: 'signedOut', notice: null });
    expect(readUserData()).toBeNull();
    expect(toasts).toEqual([]);
    expect(getAccessToken()).toBeNull();
  });

  it("moves to the first enabled company's sub-domain, same path, with a one-time code", async () => {
    window.history.replaceState(null, '', '/admin/profile/sessions');
    serve({ profiles: [profile(GLOBEX, 'globex')], companyUuids: [GLOBEX] });
    await startSession();
    expect(sessionStore.get().status).toBe('redirecting');
    // Nothing chosen on this page: no default travels to replace a choice made on the sub-domain.
    expect(assigned).toEqual(['http://globex.localhost:3000/admin/profile/sessions?_token=one-time-code-0123456789']);
  });

  it('carries the language and skin chosen on this page with the code (each sub-domain has its own storage)', async () => {
    window.history.replaceState(null, '', '/admin/profile/sessions');
    localStorage.setItem('language', 'en');
    localStorage.setItem('skin', 'light');
    serve({ profiles: [profile(GLOBEX, 'globex')], companyUuids: [GLOBEX] });
    await startSession();
    expect(assigned).toEqual([
      'http://globex.localhost:3000/admin/profile/sessions?_token=one-time-code-0123456789&_lang=en&_skin=light',
    ]);
  });

  it('does not move under /signup/', async () => {
    window.history.replaceState(null, '', '/admin/signup/verify');
    serve({ profiles: [profile(GLOBEX, 'globex')], companyUuids: [GLOBEX] });
    await startSession();
    expect(assigned).toEqual([]);
    expect(sessionStore.get().status).toBe('ready');
  });

  it("a disabled membership on the page's company shows the notice, with the switcher's companies", async () => {
    window.history.replaceState(null, '', '/admin/');
    serve({ profiles: [profile(ACME, 'acme', false), profile(GLOBEX, 'globex')] });
    await startSession();
    expect(sessionStore.get()).toMatchObject({ status: 'ready', disabled: true });
    expect(sessionStore.get().profiles).toHaveLength(2);
    expect(assigned).toEqual([]);
  });

  it('a company-profile fetch failure toasts "Something went wrong, Try again." for 2000 ms', async () => {
    serve({ profiles: 'fail' });
    await startSession();
    expect(sessionStore.get().status).toBe('error');
    expect(toasts).toEqual([
      { color: 'red', title: 'Error!', message: 'Something went wrong, Try again.', autoClose: 2000 },
    ]);
  });

  it('logout ends the session on the server and clears memory and storage', async () => {
    serve({ profiles: [profile(ACME, 'acme'), profile(GLOBEX, 'globex')] });
    await startSession();
    await logout();
    expect(requests).toContain('POST /api/jwt/logout');
    expect(sessionStore.get().status).toBe('signedOut');
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });
});

/**
 * The server's side of the refresh cookie (decision 002), with the browser's shared cookie jar:
 * a request carries the jar's cookie when it leaves; the server rotates it on every use and ends
 * the session when a used one comes back; the new cookie reaches the jar with the answer.
 */
function cookieServer() {
  const state = { jar: 'r0', valid: 'r0', next: 0, revoked: false, presented: [] as string[] };
  server.use(
    http.post(`${ORIGIN}/api/jwt/refresh-token`, async () => {
      const presented = state.jar;
      state.presented.push(presented);
      if (state.revoked || presented !== state.valid) {
        state.revoked = true;
        await delay(20);
        return HttpResponse.json({ code: 'REFRESH_INVALID', message: 'Your session has ended.' }, { status: 401 });
      }
      const rotated = `r${++state.next}`;
      state.valid = rotated;
      await delay(20);
      state.jar = rotated;
      return HttpResponse.json({ ...tokens([ACME]), accessToken: `access-${rotated}` });
    }),
  );
  return state;
}

/** An in-memory Web Locks stand-in shared by the "tabs" (happy-dom has no navigator.locks). */
function installLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const locks = {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
}

/** A tab: its own copy of the session modules (memory, single-flight), on the same origin as the others. */
async function openTab() {
  vi.resetModules();
  return { session: await import('./session'), store: await import('./store') };
}

describe('token renewal across tabs', () => {
  beforeEach(() => serve({ profiles: [profile(ACME, 'acme')], companyUuids: [ACME] }));
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('two tabs renewing at once take turns: the second sends the rotated cookie, both stay signed in', async () => {
    installLocks();
    const cookies = cookieServer();
    const [a, b] = [await openTab(), await openTab()];
    const [tokenA, tokenB] = await Promise.all([a.session.renewAccessToken(), b.session.renewAccessToken()]);
    expect(cookies.presented).toEqual(['r0', 'r1']);
    expect(cookies.revoked).toBe(false);
    expect([tokenA, tokenB].sort()).toEqual(['access-r1', 'access-r2']);
    expect(a.store.getAccessToken()).toBe(tokenA);
    expect(b.store.getAccessToken()).toBe(tokenB);
    for (const tab of [a, b]) tab.session.clearSession();
  });

  it('a tab restoring its session on load waits for another tab’s renewal too', async () => {
    installLocks();
    const cookies = cookieServer();
    const [a, b] = [await openTab(), await openTab()];
    await Promise.all([a.session.renewAccessToken(), b.session.startSession()]);
    expect(cookies.presented).toEqual(['r0', 'r1']);
    expect(cookies.revoked).toBe(false);
    expect(b.store.sessionStore.get().status).toBe('ready');
    for (const tab of [a, b]) tab.session.clearSession();
  });

  it('without Web Locks a tab still renews once for all its concurrent callers', async () => {
    // happy-dom, like a browser without Web Locks, has none.
    expect((navigator as { locks?: unknown }).locks ?? null).toBeNull();
    const cookies = cookieServer();
    const tab = await openTab();
    const renewed = await Promise.all([tab.session.renewAccessToken(), tab.session.renewAccessToken()]);
    expect(renewed).toEqual(['access-r1', 'access-r1']);
    expect(cookies.presented).toEqual(['r0']);
    tab.session.clearSession();
  });
});

describe('two changes in a row (real-time reloads)', () => {
  it('keeps the answer to the newest read of the companies, even when an older one comes back last', async () => {
    serve({ profiles: [profile(ACME, 'acme'), profile(GLOBEX, 'globex')] });
    await startSession();
    let answers = 0;
    server.use(
      http.get(`${ORIGIN}/api/users/:uuid/user_company_profiles`, async () => {
        const first = ++answers === 1;
        // The first read (before the second change) is the slow one.
        await delay(first ? 150 : 10);
        const roles = first ? [{ name: 'admin' }] : [{ name: 'member' }];
        return HttpResponse.json({
          data: [{ ...profile(ACME, 'acme'), roles }, profile(GLOBEX, 'globex')],
          page: 1,
          itemsPerPage: 50,
          totalItems: 2,
        });
      }),
    );
    await Promise.all([reloadProfiles(), reloadProfiles()]);
    expect(answers).toBe(2);
    expect(sessionStore.get().current?.roles).toEqual([{ name: 'member' }]);
  });

  it('a reload asked while a renewal is on its way renews again after it, for the roles after the change', async () => {
    serve({ profiles: [profile(ACME, 'acme')], companyUuids: [ACME] });
    await startSession();
    const refreshed = () => requests.filter((r) => r === 'POST /api/jwt/refresh-token').length;
    const before = refreshed();
    const onItsWay = renewAccessToken();
    await reloadUser();
    await onItsWay;
    expect(refreshed() - before).toBe(2);
    // Callers waiting at once share the renewal after it: one more, not one each.
    const again = renewAccessToken();
    await Promise.all([reloadUser(), reloadUser()]);
    await again;
    expect(refreshed() - before).toBe(4);
  });
});
