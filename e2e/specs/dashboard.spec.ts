import { expect, test } from '@playwright/test';
import { axeViolations, describeViolations, expectDashboard, signIn } from '../support/console';

const total = async (figure: import('@playwright/test').Locator) =>
  Number((await figure.locator('.stat-value').textContent())?.replace(/\D/g, '') ?? 'NaN');

test("an admin's dashboard shows today's attendance, what waits for her and the compliance backlog; a clock-in moves it live", async ({
  browser,
}) => {
  const alice = await (await browser.newContext()).newPage();
  await signIn(alice, 'alice@example.com', 'acme');
  await expectDashboard(alice, 'Alice');
  const today = alice.getByTestId('dashboard-attendance');
  await expect(today).toBeVisible();
  await expect(today.getByTestId('today-present')).toBeVisible();
  // The demo seed: Bob's time-off request waits for Alice, and a member's correction request.
  const waiting = alice.getByTestId('dashboard-approvals');
  expect(await total(waiting.getByTestId('waiting-timeOff'))).toBeGreaterThan(0);
  expect(await total(waiting.getByTestId('waiting-corrections'))).toBeGreaterThan(0);
  await expect(alice.getByTestId('dashboard-compliance').getByTestId('compliance-policies')).toBeVisible();
  // The demo's First aid: Bob's expires in 10 days, another member's has expired.
  const compliance = alice.getByTestId('dashboard-compliance');
  expect(await total(compliance.getByTestId('compliance-certifications-expiring'))).toBeGreaterThan(0);
  expect(await total(compliance.getByTestId('compliance-certifications-expired'))).toBeGreaterThan(0);

  // Bob clocks in elsewhere: Alice's open dashboard reads its figures again without a reload, and
  // counts him in (other specs may have clocked him in earlier today, so he may be counted already).
  const clockedIn = async () =>
    (await total(today.getByTestId('today-present'))) + (await total(today.getByTestId('today-late')));
  const before = await clockedIn();
  const bob = await (await browser.newContext()).newPage();
  await signIn(bob, 'bob@example.com', 'acme');
  await expectDashboard(bob, 'Bob');
  const out = bob.getByTestId('clock-out');
  if (await out.isVisible()) {
    await out.click();
    await expect(bob.getByTestId('clock-in')).toBeVisible();
  }
  const reread = alice.waitForResponse((r) => r.url().includes('/api/dashboard/overview') && r.ok(), {
    timeout: 5000,
  });
  await bob.getByTestId('clock-in').click();
  await expect(bob.getByTestId('clock-status')).toHaveText('Clocked in');
  await reread;
  await expect.poll(clockedIn, { timeout: 5000 }).toBeGreaterThanOrEqual(Math.max(1, before));
  await bob.getByTestId('clock-out').click();
  await expect(bob.getByTestId('clock-status')).toHaveText('Not clocked in');

  // Each figure leads to where it is handled.
  await waiting.getByTestId('waiting-corrections').click();
  await expect(alice).toHaveURL(/\/admin\/attendance\/corrections$/);
  await expect(alice.getByTestId('corrections-table')).toBeVisible();
});

test("a member's dashboard shows his balances and leave awaiting approval, and nothing of the company's backlog", async ({
  page,
}) => {
  await signIn(page, 'bob@example.com', 'acme');
  await expectDashboard(page, 'Bob');
  const mine = page.getByTestId('my-time-off');
  await expect(mine).toBeVisible();
  await expect(mine).toContainText('available');
  // Bob's only leave to come is the demo's pending 3-day vacation: shown as awaiting approval.
  // The type and the dates are each in a Unicode isolate (right-to-left sentences keep them whole).
  await expect(mine.getByTestId('pending-leave')).toContainText(/^Awaiting approval: \u2068Vacation\u2069, \u2068/);
  await expect(mine).not.toContainText('No leave planned.');
  await expect(page.getByTestId('dashboard-attendance')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-compliance')).toHaveCount(0);
});

for (const language of ['en', 'ar'] as const) {
  test(`the dashboards have no axe violations (${language})`, async ({ browser }) => {
    for (const email of ['alice@example.com', 'bob@example.com']) {
      const page = await (await browser.newContext()).newPage();
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await signIn(page, email, 'acme');
      await expect(page.getByTestId('greeting')).toBeVisible();
      await expect(page.getByTestId(email.startsWith('alice') ? 'dashboard-attendance' : 'my-time-off')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await page.waitForLoadState('networkidle');
      // Hovering a figure link is a state the admin leaves it in.
      await page.locator('[data-testid^="today-"], [data-testid="my-time-off"] a').first().hover();
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.context().close();
    }
  });
}
