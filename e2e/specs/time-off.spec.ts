import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectDashboard, pickDate, expectNoViolations as scan, signIn } from '../support/console';
import { consoleUrl } from '../support/env';

/** Scans once the screen's data has arrived. */
async function expectNoViolations(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  await scan(page, screen);
}

async function openAs(browser: Browser, email: string, firstName: string, language: 'en' | 'ar' = 'en') {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  await signIn(page, email, 'acme');
  if (language === 'en') await expectDashboard(page, firstName);
  else await expect(page.getByTestId('greeting')).toBeVisible();
  return page;
}

/** Monday of the third week of the month after next (no demo holiday, clear of the seeded request). */
function aMondayAhead() {
  const d = new Date();
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 15));
  while (t.getUTCDay() !== 1) t.setUTCDate(t.getUTCDate() + 1);
  return t;
}
const iso = (d: Date) => d.toISOString().slice(0, 10);

test('Bob asks for three days; Alice sees it live and approves; Bob sees it live, his balance lower', async ({
  browser,
}) => {
  const bob = await openAs(browser, 'bob@example.com', 'Bob');
  const alice = await openAs(browser, 'alice@example.com', 'Alice');

  await alice.goto(consoleUrl('acme', '/time-off'));
  await alice.getByRole('tab', { name: /Approvals/ }).click();
  await expect(alice.getByTestId('approval-row').first()).toBeVisible();
  await expectNoViolations(alice, 'approvals (en)');

  await bob.goto(consoleUrl('acme', '/time-off'));
  const vacation = bob.getByTestId('balance-Vacation');
  await expect(vacation).toBeVisible();
  const before = Number(await vacation.getAttribute('data-balance'));

  const monday = aMondayAhead();
  const start = iso(monday);
  const end = iso(new Date(monday.getTime() + 2 * 86_400_000));
  await bob.getByRole('button', { name: 'Request time off' }).click();
  const dialog = bob.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await dialog.getByRole('option', { name: 'Vacation' }).click();
  await pickDate(dialog.getByTestId('time-off-start'), start);
  await pickDate(dialog.getByTestId('time-off-end'), end);
  await expect(dialog.getByTestId('time-off-preview')).toContainText('This takes 3 days');
  await expectNoViolations(bob, 'request dialog (en)');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  const mine = bob.locator(`[data-testid="request-row"][data-start="${start}"]`);
  await expect(mine.getByTestId('request-status')).toHaveText('Pending');

  // Alice's open tab shows the new request without a reload, and approves it with a comment.
  const row = alice.locator(`[data-testid="approval-row"][data-start="${start}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Bob Brown');
  await row.getByRole('button', { name: /Approve/ }).click();
  const decide = alice.getByRole('dialog');
  await decide.getByRole('textbox', { name: 'Comment' }).fill('Have a good rest');
  await decide.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toBeHidden();

  // Bob's open tab: approved, and his Vacation balance three working days lower.
  await expect(mine.getByTestId('request-status')).toHaveText('Approved');
  await expect(vacation).toHaveAttribute('data-balance', String(before - 3));
  await expectNoViolations(bob, 'time off (en)');
  await bob.context().close();
  await alice.context().close();
});

test('the time-off screens in Arabic: approvals, team calendar and types are axe clean, right to left', async ({
  browser,
}) => {
  const alice = await openAs(browser, 'alice@example.com', 'Alice', 'ar');
  await expect(alice.locator('html')).toHaveAttribute('dir', 'rtl');
  await alice.goto(consoleUrl('acme', '/time-off'));
  await expect(alice.getByTestId('time-off-balances')).toBeVisible();
  await expectNoViolations(alice, 'my time off (ar)');
  await alice.getByRole('tab', { name: 'الموافقات' }).click();
  await expect(alice.getByTestId('time-off-approvals')).toBeVisible();
  await expectNoViolations(alice, 'approvals (ar)');
  await alice.getByRole('tab', { name: 'تقويم الفريق' }).click();
  await expect(alice.getByTestId('team-calendar-table')).toBeVisible();
  await expectNoViolations(alice, 'team calendar (ar)');
  await alice.goto(consoleUrl('acme', '/time-off-types'));
  await expect(alice.getByTestId('time-off-types-table')).toBeVisible();
  await expectNoViolations(alice, 'time-off types (ar)');
  await alice.context().close();
});
