import { expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations, expectDashboard, signIn } from '../support/console';
import { consoleUrl } from '../support/env';

async function expectNoAxeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function toArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test("Bob acknowledges the Code of Conduct and Alice's open tracking page shows 100% without a reload; axe en and ar", async ({
  browser,
}) => {
  const alice = await (await browser.newContext()).newPage();
  await signIn(alice, 'alice@example.com', 'acme');
  await expectDashboard(alice, 'Alice');
  await alice.goto(consoleUrl('acme', '/policies'));
  await alice.getByTestId('policies-table').getByRole('link', { name: 'Code of Conduct' }).click();
  await expect(alice.getByTestId('tracking-completion')).toHaveText('50 %');
  await expect(alice.getByTestId('tracking-outstanding')).toHaveText('1');
  await expectNoAxeViolations(alice);

  const bob = await (await browser.newContext()).newPage();
  await signIn(bob, 'bob@example.com', 'acme');
  await expectDashboard(bob, 'Bob');
  await bob.goto(consoleUrl('acme', '/my-policies'));
  const row = bob.getByTestId('my-policies').getByRole('row', { name: /Code of Conduct/ });
  await expect(row).toContainText('Outstanding');
  await expectNoAxeViolations(bob);
  await row.getByRole('link', { name: 'Code of Conduct' }).click();
  await expect(bob.getByTestId('policy-body').getByRole('heading', { name: 'Gifts' })).toBeVisible();
  await expectNoAxeViolations(bob);
  await bob.getByRole('button', { name: 'I acknowledge' }).click();
  await expect(bob.getByTestId('acknowledged-note')).toBeVisible();

  // Alice's page moves by itself (real-time listing_changed), no reload.
  await expect(alice.getByTestId('tracking-completion')).toHaveText('100 %', { timeout: 5000 });
  await expect(alice.getByTestId('tracking-acknowledged')).toHaveText('2');

  await toArabic(alice);
  await expect(alice.getByTestId('tracking-completion')).toBeVisible();
  await expectNoAxeViolations(alice);
  await toArabic(bob);
  await expect(bob.getByTestId('acknowledged-note')).toBeVisible();
  await expectNoAxeViolations(bob);
});
