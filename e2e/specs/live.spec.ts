import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectDashboard, realtimeOpen, signIn } from '../support/console';
import { consoleUrl, DEMO_PASSWORD } from '../support/env';

/**
 * How long a change may take to reach an open tab: the message, a token renewal and a profile read
 * on the e2e server (PGlite), which CI runs beside the server suites on two cores (a 5 s wait ran
 * out once there with the load average at 14).
 */
const LIVE_MS = 10_000;

/**
 * Real-time in the browser: what an admin does reaches a member's open tab
 * without a reload. The admin acts through the API from their own page (same origin, Host = acme).
 */
const ADMIN = 'priya.berg.40@acme.example.com';

let adminSession: ReturnType<typeof openAdminApi> | null = null;
/** One sign-in for the whole file: sign-in is rate-limited per account. */
const adminApi = (browser: Browser) => {
  adminSession ??= openAdminApi(browser);
  return adminSession;
};

async function openAdminApi(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  // A page of acme's own origin to call the API from (the sign-in page would move to the base domain).
  await page.goto(consoleUrl('acme', '/forgot-password'));
  const token = await page.evaluate(
    async ([email, password]) => {
      const r = await fetch('/api/jwt/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return ((await r.json()) as { accessToken: string }).accessToken;
    },
    [ADMIN, DEMO_PASSWORD] as const,
  );
  const call = (method: string, url: string, body?: unknown) =>
    page.evaluate(
      async ([m, u, b, t]) => {
        const r = await fetch(u, {
          method: m,
          headers: {
            authorization: `Bearer ${t}`,
            accept: 'application/json',
            ...(b ? { 'content-type': 'application/json' } : {}),
          },
          body: b ? JSON.stringify(b) : undefined,
        });
        return { status: r.status, body: (await r.json()) as Record<string, unknown> };
      },
      [method, url, body ?? null, token] as const,
    );
  const member = async (email: string) => {
    const res = await call('GET', `/api/members?search=${encodeURIComponent(email)}`);
    const data = res.body.data as Array<{ uuid: string; email: string; version: number; roles: string[] }>;
    const found = data.find((m) => m.email === email);
    if (!found) throw new Error(`no member ${email}`);
    return found;
  };
  return { call, member };
}

/** A member signed in in a browser of their own, with the console's real-time socket open. */
async function signedInMember(browser: Browser, email: string, firstName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  // The socket opens after the session is ready, which may be after the dashboard shows.
  const socketOpen = realtimeOpen(page);
  await signIn(page, email, 'acme');
  await expectDashboard(page, firstName);
  await socketOpen;
  return page;
}

test('an admin revoking a member’s sessions signs their open tab out within a second', async ({ browser }) => {
  const member = await signedInMember(browser, 'ben.adams.1@acme.example.com', 'Ben');
  const admin = await adminApi(browser);
  const { uuid } = await admin.member('ben.adams.1@acme.example.com');

  const started = Date.now();
  const res = await admin.call('POST', `/api/members/${uuid}/sessions/revoke`);
  expect(res.status).toBe(200);
  await member.waitForURL(/\/admin\/login/, { timeout: LIVE_MS });
  const elapsed = Date.now() - started;
  console.log(`revoke → member signed out in ${elapsed} ms`);
  expect(elapsed).toBeLessThan(1000);
  // The session is gone on the server too: opening the console again (once the signed-out tab has
  // settled on the sign-in form, which a company forwards to the base domain) does not bring it back.
  await expect(member.locator('input[autocomplete=username]')).toBeVisible();
  await member.goto(consoleUrl('acme', '/'));
  await expect(member.locator('input[autocomplete=username]')).toBeVisible();
  await expect(member.getByTestId('greeting')).toHaveCount(0);
});

test('a role change updates the member’s menu, and disabling shows the notice, without a reload', async ({
  browser,
}) => {
  const email = 'elena.adams.4@acme.example.com';
  const member = await signedInMember(browser, email, 'Elena');
  const admin = await adminApi(browser);
  const usersLink = member.getByRole('navigation').getByRole('link', { name: 'Users' });
  await expect(usersLink).toHaveCount(0);

  let m = await admin.member(email);
  expect((await admin.call('PATCH', `/api/members/${m.uuid}`, { version: m.version, roles: ['admin'] })).status).toBe(
    200,
  );
  await expect(usersLink).toHaveCount(1, { timeout: LIVE_MS });

  m = await admin.member(email);
  expect((await admin.call('PATCH', `/api/members/${m.uuid}`, { version: m.version, roles: ['member'] })).status).toBe(
    200,
  );
  await expect(usersLink).toHaveCount(0, { timeout: LIVE_MS });

  m = await admin.member(email);
  expect((await admin.call('PATCH', `/api/members/${m.uuid}`, { version: m.version, enabled: false })).status).toBe(
    200,
  );
  await expect(member.getByTestId('disabled-notice')).toHaveText(
    'Your account has been disabled. Please contact your admin or try switching your Company',
    { timeout: LIVE_MS },
  );

  m = await admin.member(email);
  expect((await admin.call('PATCH', `/api/members/${m.uuid}`, { version: m.version, enabled: true })).status).toBe(200);
  // A disabled member holds no socket in that company (refused on the server), so the console
  // learns of the re-enabling on its next load.
  await member.reload();
  await expectDashboard(member, 'Elena');
});

test('a role given while the member’s tab was still opening its socket reaches the tab, without a reload', async ({
  browser,
}) => {
  const email = 'quinn.adams.16@acme.example.com';
  const member = await (await browser.newContext()).newPage();
  // The socket's ticket is held back: the console reads the session and shows the dashboard first.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await member.route('**/api/realtime/ticket', async (route) => {
    await released;
    // A page that moved on (the base domain's sign-in) dropped its request.
    await route.continue().catch(() => {});
  });
  await signIn(member, email, 'acme');
  await expectDashboard(member, 'Quinn');
  const usersLink = member.getByRole('navigation').getByRole('link', { name: 'Users' });
  await expect(usersLink).toHaveCount(0);

  // The change goes out while nobody listens for this member: its message never reaches the tab.
  const admin = await adminApi(browser);
  let m = await admin.member(email);
  expect((await admin.call('PATCH', `/api/members/${m.uuid}`, { version: m.version, roles: ['admin'] })).status).toBe(
    200,
  );
  const listening = realtimeOpen(member);
  release();
  await listening;
  // Holding its channel, the tab learns that it changed since the tab read it, and reads it again.
  await expect(usersLink).toHaveCount(1, { timeout: LIVE_MS });

  m = await admin.member(email);
  expect((await admin.call('PATCH', `/api/members/${m.uuid}`, { version: m.version, roles: ['member'] })).status).toBe(
    200,
  );
  await expect(usersLink).toHaveCount(0, { timeout: LIVE_MS });
});
