import { expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations, expectDashboard, signIn } from '../support/console';
import { consoleUrl, PEOPLE } from '../support/env';

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

test('an admin writes a new policy with the rich-text editor (toolbar, shortcuts, link dialog) and it loads back as saved; axe en and ar', async ({
  page,
}) => {
  await signIn(page, PEOPLE.priya.email, 'acme');
  await expectDashboard(page, PEOPLE.priya.firstName);
  await page.goto(consoleUrl('acme', '/policies'));
  await page.getByRole('button', { name: 'New policy' }).click();
  await page.getByRole('dialog').getByLabel(/Title/).fill('Travel and expenses');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();

  const text = page.getByRole('textbox', { name: 'Text' });
  const toolbar = page.getByRole('toolbar', { name: 'Text formatting' });
  await text.click();
  await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
  await expect(toolbar.getByRole('button', { name: 'Heading', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Booking travel');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Book ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('economy class');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Numbered list' }).click();
  await page.keyboard.type('Ask your manager');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read the rules: ');
  await toolbar.getByRole('button', { name: 'Link' }).click();
  const link = page.getByRole('dialog', { name: 'Add a link' });
  await link.getByRole('textbox', { name: 'Web or e-mail address' }).fill('javascript:alert(1)');
  await link.getByRole('button', { name: 'Apply' }).click();
  await expect(link.getByText('Enter a web address (https:// or http://) or an e-mail address.')).toBeVisible();
  await link.getByRole('textbox', { name: 'Web or e-mail address' }).fill('example.com/travel');
  await expectNoAxeViolations(page);
  await link.getByRole('button', { name: 'Apply' }).click();
  await expect(link).toBeHidden();
  await expect(text.getByRole('link', { name: 'https://example.com/travel' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Save text' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  // The server took everything the editor wrote, and the draft loads back into the editor.
  await page.reload();
  await expect(text.getByRole('heading', { name: 'Booking travel' })).toBeVisible();
  await expect(text.locator('strong')).toHaveText('economy class');
  await expect(text.locator('ol > li')).toHaveCount(2);
  await expect(text.getByRole('link', { name: 'https://example.com/travel' })).toHaveAttribute(
    'href',
    'https://example.com/travel',
  );

  await toArabic(page);
  await expect(page.getByRole('toolbar', { name: 'تنسيق النص' }).getByRole('button', { name: 'غامق' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'النص' })).toBeVisible();
  await expectNoAxeViolations(page);
});
