import { expect, test } from '@playwright/test';
import { expectDashboard, expectNoViolations, signInViaCompany as signIn } from '../support/console';
import { consoleUrl, DEMO_PASSWORD, dashboardUrl, PEOPLE, signInUrl } from '../support/env';
import { otpOf, waitForMail } from '../support/mail';

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

test('a new user signs up with the code from the mail and lands signed in on the new sub-domain', async ({ page }) => {
  const tag = Date.now().toString(36);
  const email = `peter.${tag}@initech-${tag}.com`;
  await page.goto(consoleUrl(null, '/signup'));

  // Invalid input is explained inline, before any request.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();

  await page.getByLabel('First name').fill('Peter');
  await page.getByLabel('Last name').fill('Gibbons');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Company name').fill(`Initech ${tag}`);
  await expect(page.getByLabel('Sub-domain')).toHaveValue(`initech-${tag}`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The password must have at least 8 characters.')).toBeVisible();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Tps-Report-2026');
  await page.getByLabel('Confirm password').fill('Tps-Report-2026');
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`We sent a 6-digit security code to ${email}.`)).toBeVisible();

  const code = otpOf(await waitForMail(email, since));
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Security code').fill(wrong);
  await page.getByRole('button', { name: 'Verify and create my workspace' }).click();
  await expect(page.getByText('Invalid otp code')).toBeVisible();

  await page.getByLabel('Security code').fill(code);
  await page.getByRole('button', { name: 'Verify and create my workspace' }).click();
  await page.waitForURL(dashboardUrl(`initech-${tag}`));
  await expectDashboard(page, 'Peter');
  expect(page.url()).not.toContain('_token');
});

test('alice signs in on acme; a reload keeps her session with no token in storage', async ({ page }) => {
  await signIn(page, 'alice@example.com', 'acme');
  await expectDashboard(page, 'Alice');
  await expect(page).toHaveURL(dashboardUrl('acme'));

  // Real figures of the current company (alice and bob are among Acme's members; alice is an admin).
  const figure = async (key: string) =>
    Number((await page.getByTestId(`figure-${key}`).locator('.stat-value').textContent())?.replace(/\D/g, ''));
  await expect(page.getByTestId('figure-members').locator('.stat-value')).toBeVisible();
  expect(await figure('members')).toBeGreaterThanOrEqual(2);
  expect(await figure('admins')).toBeGreaterThanOrEqual(1);
  expect(await figure('members')).toBeGreaterThan(await figure('disabledMembers'));

  await page.reload();
  await expectDashboard(page, 'Alice');
  const stored = await page.evaluate(() => ({ ...localStorage }));
  const userData = JSON.parse(stored.userData ?? 'null');
  expect(userData.currentCompany.company.subDomain).toBe('acme');
  expect(userData.userCompanies).toHaveLength(2);
  for (const value of Object.values(stored)) expect(value).not.toMatch(JWT);
});

test('alice switches from acme to globex and back, signed in, with no _token left in the address', async ({ page }) => {
  await signIn(page, 'alice@example.com', 'acme');
  await expectDashboard(page, 'Alice');

  await page.getByTestId('company-switcher').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Globex/ })
    .click();
  await page.waitForURL(dashboardUrl('globex'));
  await expectDashboard(page, 'Alice');
  expect(page.url()).not.toContain('_token');

  await page.getByTestId('company-switcher').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Acme Corp/ })
    .click();
  await page.waitForURL(dashboardUrl('acme'));
  await expectDashboard(page, 'Alice');
  expect(page.url()).not.toContain('_token');

  // The switch keeps the path; Teams is not open to a member of Globex: its dashboard and a toast.
  await page.goto(consoleUrl('acme', '/teams'));
  await page.getByTestId('company-switcher').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Globex/ })
    .click();
  await page.waitForURL(dashboardUrl('globex'));
  await expect(page.getByText('That screen is not open to you in Globex: here is its dashboard.')).toBeVisible();
  await expectDashboard(page, 'Alice');
});

test('one sign-in per browser: alice signs in once and opens globex by its URL, at the path she asked for', async ({
  page,
}) => {
  await signIn(page, 'alice@example.com', 'acme');
  await expectDashboard(page, 'Alice');
  // Opening another of her companies by its address lands signed in, through the base domain and a
  // one-time code (no token left in the address).
  await page.goto(consoleUrl('globex', '/profile'), { waitUntil: 'commit' });
  // The user menu shows only on the page the hop comes back to.
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(consoleUrl('globex', '/profile'));
  expect(page.url()).not.toContain('_token');
  // Signing out on globex ends acme's session too.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(signInUrl('globex'));
  await page.goto(consoleUrl('acme', '/'), { waitUntil: 'commit' });
  await page.waitForURL(signInUrl('acme'));
});

test("bob on globex, in German on a phone: the notice's way to another company reads in full", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('language', 'de'));
  await signIn(page, 'bob@example.com', 'globex');
  const join = page.getByTestId('disabled-join');
  await expect(join).toHaveText('Beitritt zu einem anderen Unternehmen anfragen');
  // Its label wraps inside the button rather than being cut off ("Beitritt zu einem anderen Unt").
  const label = join.locator('.mantine-Button-label');
  const cut = await label.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(cut).toBeLessThanOrEqual(1);
  expect((await join.boundingBox())!.width).toBeLessThanOrEqual(390);
});

test('a member signing in on a company she is not in lands on her own company', async ({ page }) => {
  await signIn(page, 'bob@example.com', null);
  await page.waitForURL(dashboardUrl('acme'));
  await expectDashboard(page, 'Bob');
});

test('bob on globex sees the disabled notice, can ask to join another company, and can still switch', async ({
  page,
}) => {
  await signIn(page, 'bob@example.com', 'globex');
  await expect(page.getByTestId('disabled-notice')).toHaveText(
    'Your account has been disabled. Please contact your admin or try switching your Company',
  );
  await expect(page.getByTestId('greeting')).toHaveCount(0);

  // The notice leads to /join (by keyboard), which works with the disabled membership.
  const mine = page.waitForResponse((r) => r.url().includes('/api/join-requests/mine'));
  await page.getByRole('link', { name: 'Ask to join another company' }).focus();
  await page.keyboard.press('Enter');
  // Bob cannot enter Globex (a disabled membership gets no code): the notice is the base domain's.
  await page.waitForURL(consoleUrl(null, '/join'));
  await expect(page.getByRole('heading', { level: 1, name: 'Join a company' })).toBeVisible();
  expect((await mine).status()).toBe(200);
  await expect(page.getByTestId('my-join-requests')).toBeVisible();
  await page.getByLabel('Sub-domain').fill('no-such-company-xyz');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByTestId('join-error')).toContainText('Sorry, no Space exists.');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByTestId('disabled-notice')).toBeVisible();

  await page.getByTestId('company-switcher').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Acme Corp/ })
    .click();
  await page.waitForURL(dashboardUrl('acme'));
  await expectDashboard(page, 'Bob');
});

test('logout ends the session on the server and clears stored data', async ({ page }) => {
  await signIn(page, 'alice@example.com', 'acme');
  await expectDashboard(page, 'Alice');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // Signed out everywhere: acme's page asks the base domain, whose sign-in ended too.
  await page.waitForURL(signInUrl('acme'));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();

  // The refresh cookie no longer opens a session, on acme or on globex.
  await page.goto(consoleUrl('acme', '/'), { waitUntil: 'commit' });
  await page.waitForURL(signInUrl('acme'));
  await page.goto(consoleUrl('globex', '/teams'), { waitUntil: 'commit' });
  await page.waitForURL(signInUrl('globex'));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('wrong credentials show "Invalid credentials." inline, never as a toast', async ({ page }) => {
  await signIn(page, 'alice@example.com', 'acme', 'Wrong-Password-1');
  await expect(page.getByTestId('login-error')).toHaveText('Invalid credentials.');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});

test('a forged _token lands on the login screen with a message, and leaves the address bar', async ({ page }) => {
  await page.goto(consoleUrl('acme', '/?_token=forged-code-forged-code-forged'));
  await page.waitForURL(consoleUrl('acme', '/login'));
  await expect(page.getByTestId('login-error')).toHaveText(
    'This sign-in link is invalid or has expired. Please sign in.',
  );
});

test('the sessions page lists the own sessions and revokes another one', async ({ browser }) => {
  // Maya signs in nowhere else in the run: her sessions are the two browsers' below, and nothing
  // left behind by earlier specs (revoking dozens of those one by one timed out on a loaded machine).
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'maya.adams.12@acme.example.com', 'acme');
  await expectDashboard(otherPage, 'Maya');

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, 'maya.adams.12@acme.example.com', 'acme');
  await expectDashboard(page, 'Maya');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sessions' }).click();
  await expect(page).toHaveURL(consoleUrl('acme', '/profile/sessions'));
  const table = page.getByTestId('sessions-table');
  // This browser's sign-in on the base domain and its session on acme: both "This device", neither
  // revocable; the other browser's two can be. They are one sign-in (one family): revoking either
  // ends both.
  await expect(table.getByText('This device')).toHaveCount(2);
  const revokeButtons = table.getByRole('button', { name: /Revoke the session/ });
  await expect(revokeButtons).toHaveCount(2);
  const revoked = page.waitForResponse(
    (r) => r.url().includes('/api/jwt/sessions') && r.request().method() === 'DELETE',
  );
  await revokeButtons.first().click();
  expect((await revoked).status()).toBe(200);
  await expect(revokeButtons).toHaveCount(0);
  await expect(page.getByText('User session has been revoked successfully').first()).toBeVisible();
  await expect(table.getByText('This device')).toHaveCount(2);
  // The other browser is told at once and goes to the sign-in page by itself: its sign-in on the
  // base domain ended with it, so it cannot come back in.
  await otherPage.waitForURL(signInUrl('acme'));
  await expect(otherPage.locator('input[autocomplete=current-password]')).toBeVisible();
  await other.close();
  await ctx.close();
});

test('two tabs renewing their access tokens at the same instant both stay signed in', async ({ browser }) => {
  // A fake clock lets both tabs reach their renewal time together (14 minutes after sign-in).
  const context = await browser.newContext();
  await context.clock.install();
  const first = await context.newPage();
  await signIn(first, 'hugo.adams.7@acme.example.com', 'acme');
  await expectDashboard(first, 'Hugo');
  const second = await context.newPage();
  await second.goto(consoleUrl('acme', '/'));
  await expectDashboard(second, 'Hugo');

  // Each tab's refresh is held a moment on its way out: unserialized, both would carry the same cookie.
  const refreshes: { cookie: string; status: number }[] = [];
  for (const page of [first, second]) {
    await page.route('**/api/jwt/refresh-token', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    page.on('response', async (r) => {
      if (!r.url().endsWith('/api/jwt/refresh-token')) return;
      refreshes.push({ cookie: (await r.request().allHeaders()).cookie ?? '', status: r.status() });
    });
  }
  await context.clock.fastForward('15:00');
  await expect.poll(() => refreshes.length, { timeout: 15_000 }).toBe(2);
  expect(refreshes.map((r) => r.status)).toEqual([200, 200]);
  expect(refreshes[0]?.cookie).not.toBe(refreshes[1]?.cookie);

  // Both tabs go on with their new tokens: an API call from each succeeds, nobody was logged out.
  for (const page of [first, second]) {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sessions' }).click();
    await expect(page).toHaveURL(consoleUrl('acme', '/profile/sessions'));
    await expect(page.getByTestId('sessions-table').getByText('This device').first()).toBeVisible();
  }
  await context.close();
});

test('a database moment while the console starts is said in words, in Arabic, and the console opens after it', async ({
  page,
}) => {
  await signIn(page, 'alice@example.com', 'acme');
  await expectDashboard(page, 'Alice');
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  // The next start finds the server answering 503 twice (what it says while PostgreSQL is away),
  // then itself again.
  let outages = 2;
  await page.route('**/api/jwt/refresh-token', async (route) => {
    if (outages-- <= 0) return route.continue();
    await new Promise((r) => setTimeout(r, 300));
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '1' },
      json: { code: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable.' },
    });
  });
  await page.reload();
  await expect(page.getByRole('status')).toContainText('الخدمة غير متاحة لحظيًا');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoViolations(page, 'the start-up spinner during an outage, ar');
  // Still signed in once the server answers again: the console, with no sign-in form in between.
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('الخدمة غير متاحة لحظيًا')).toHaveCount(0);
  expect(outages).toBeLessThan(0);
  await page.evaluate(() => localStorage.removeItem('language'));
});

test('a sign-in link made for someone else’s account and sent to a reader does not sign the reader in (login CSRF)', async ({
  browser,
}) => {
  // Priya makes a one-time code into acme for her own account, as her console would (API on the base domain).
  const attacker = await (await browser.newContext()).newPage();
  await attacker.goto(consoleUrl(null, '/forgot-password'));
  const code = await attacker.evaluate(
    async ([email, password]) => {
      const json = { 'content-type': 'application/json', accept: 'application/json' };
      const login = await (
        await fetch('/api/jwt/login', { method: 'POST', headers: json, body: JSON.stringify({ email, password }) })
      ).json();
      const auth = { ...json, authorization: `Bearer ${login.accessToken}` };
      const profiles = await (
        await fetch(`/api/users/${login.user.uuid}/user_company_profiles?groups[]=company`, { headers: auth })
      ).json();
      const acme = profiles.data.find((p: { company: { subDomain: string } }) => p.company.subDomain === 'acme');
      const made = await fetch('/api/jwt/switch-code', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ companyUuid: acme.company.uuid }),
      });
      return ((await made.json()) as { code: string }).code;
    },
    [PEOPLE.priya.email, DEMO_PASSWORD] as const,
  );
  const link = consoleUrl('acme', `/?_token=${code}`);

  // The reader opens the link from a mail (no Referer): the code never reaches the console.
  const reader = await (await browser.newContext()).newPage();
  await reader.goto(link);
  await reader.waitForURL(consoleUrl('acme', '/login'));
  await expect(reader.getByTestId('login-error')).toHaveText(
    'This sign-in link is invalid or has expired. Please sign in.',
  );
  expect(reader.url()).not.toContain('_token');
  await expectNoViolations(reader, 'the sign-in form after a refused link');
  // From another site's page too.
  await reader.goto(`data:text/html,<a href="${link}">open</a>`);
  await reader.getByRole('link', { name: 'open' }).click();
  await reader.waitForURL(consoleUrl('acme', '/login'));
  await expect(reader.getByTestId('login-error')).toBeVisible();

  // The same code, opened the way the console opens a company (from a page of this deployment, its
  // origin as Referer), still signs its maker in: the link was refused for where it came from.
  await attacker.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    a.referrerPolicy = 'origin';
    document.body.append(a);
    a.click();
  }, link);
  await attacker.waitForURL(dashboardUrl('acme'));
  await expectDashboard(attacker, PEOPLE.priya.firstName);
});
