import { expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations, expectDashboard, pickDate, signIn } from '../support/console';

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

/** A 1×1 PNG: real image bytes, whatever the file is called. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const figure = (page: Page, status: string) => page.getByTestId(`figure-${status}`);

test('Alice tracks First aid, records one by keyboard with evidence, a bad file changes nothing, evidence downloads; Bob sees his own; axe en and ar', async ({
  browser,
}) => {
  const alice = await (await browser.newContext()).newPage();
  await signIn(alice, 'alice@example.com', 'acme');
  await expectDashboard(alice, 'Alice');
  await alice.getByRole('navigation').getByRole('link', { name: 'Certifications', exact: true }).click();
  const types = alice.getByTestId('certification-types');
  const firstAidRow = types.getByRole('row', { name: /First aid/ });
  await expect(firstAidRow.getByTestId('count-expired')).toHaveText('1');
  await expect(firstAidRow.getByTestId('count-expiring')).toHaveText('1');
  await expect(types.getByRole('row', { name: /Security awareness/ })).toBeVisible();
  await expectNoAxeViolations(alice);

  await firstAidRow.getByRole('link', { name: 'First aid' }).click();
  await expect(alice.getByRole('heading', { level: 1, name: 'First aid' })).toBeVisible();
  await expect(figure(alice, 'expired')).toHaveText('1');
  const missingBefore = Number(await figure(alice, 'missing').textContent());
  const validBefore = Number(await figure(alice, 'valid').textContent());

  // Filter by status: only the expired one.
  const holders = alice.getByTestId('holders-table');
  await alice.getByRole('combobox', { name: 'Status' }).click();
  await alice.getByRole('option', { name: 'Expired' }).click();
  await expect(holders.getByRole('row').filter({ hasText: 'Expired' })).toHaveCount(1);
  await alice.getByRole('combobox', { name: 'Status' }).click();
  await alice.getByRole('option', { name: 'Missing' }).click();
  const missingRow = holders.getByRole('row').filter({ hasText: 'Missing' }).first();
  await expect(missingRow).toBeVisible();
  const person = (await missingRow.getByRole('button', { name: /^Record for / }).getAttribute('aria-label'))!.replace(
    'Record for ',
    '',
  );

  // Open the record dialog with the keyboard; the expiry defaults to issued on + 24 months.
  await missingRow.getByRole('button', { name: `Record for ${person}` }).focus();
  await alice.keyboard.press('Enter');
  const dialog = alice.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Record “First aid”' })).toBeVisible();
  // The calendar fields show their days in the console's language ("Nov 26, 2026").
  const issuedField = dialog.getByTestId('certificate-issued-on');
  const expiresField = dialog.getByTestId('certificate-expires-on');
  const isoOf = async (field: typeof issuedField) =>
    new Date(`${await field.textContent()} UTC`).toISOString().slice(0, 10);
  const issued = await isoOf(issuedField);
  const expires = await isoOf(expiresField);
  expect(Number(expires.slice(0, 4)) - Number(issued.slice(0, 4))).toBe(2);
  expect(expires.slice(5)).toBe(issued.slice(5) === '02-29' ? '02-28' : issued.slice(5));
  await expectNoAxeViolations(alice);

  // Bad input: an expiry before the issue date, then a text file called .pdf; nothing is recorded.
  const inMonths = (months: number) => {
    const d = new Date(`${issued}T00:00:00Z`);
    d.setUTCDate(15);
    d.setUTCMonth(d.getUTCMonth() + months);
    return d.toISOString().slice(0, 10);
  };
  // (The issue date cannot be after today: its calendar stops at this month.)
  await pickDate(expiresField, inMonths(-1));
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog.getByText('The expiry date is before the issue date.')).toBeVisible();
  await pickDate(expiresField, expires);
  expect([await isoOf(issuedField), await isoOf(expiresField)]).toEqual([issued, expires]);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog.getByText('The evidence must be a PDF, PNG or JPEG file.')).toBeVisible();
  await expect(figure(alice, 'missing')).toHaveText(String(missingBefore));

  // A real image (checked by content), recorded: the person moves from missing to valid.
  await dialog.locator('input[type=file]').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(figure(alice, 'missing')).toHaveText(String(missingBefore - 1));
  await expect(figure(alice, 'valid')).toHaveText(String(validBefore + 1));

  // Bob's evidence downloads as an attachment with its own name.
  await alice.getByRole('combobox', { name: 'Status' }).click();
  await alice.getByRole('option', { name: 'Expiring' }).click();
  const bobRow = holders.getByRole('row').filter({ hasText: 'bob@example.com' });
  const download = alice.waitForEvent('download');
  await bobRow.getByRole('button', { name: 'Download first-aid-bob.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('first-aid-bob.pdf');

  // Arabic, right to left, with the dialog open.
  await toArabic(alice);
  await expect(alice.getByTestId('holders-table')).toBeVisible();
  await alice
    .getByTestId('holders-table')
    .getByRole('button', { name: /^تسجيل لـ / })
    .first()
    .click();
  await expect(alice.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(alice);
  await alice.keyboard.press('Escape');
  await expect(alice.getByRole('dialog')).toBeHidden();

  const bob = await (await browser.newContext()).newPage();
  await signIn(bob, 'bob@example.com', 'acme');
  await expectDashboard(bob, 'Bob');
  await bob.getByRole('navigation').getByRole('link', { name: 'My certifications' }).click();
  const mine = bob.getByTestId('my-certifications');
  await expect(mine.getByRole('row', { name: /First aid/ })).toContainText('Expiring');
  await expect(mine.getByRole('row', { name: /Security awareness/ })).toContainText('Valid');
  await expect(bob.getByTestId('my-certifications-summary')).toHaveText('Needing your attention: 1');
  await expectNoAxeViolations(bob);
  const own = bob.waitForEvent('download');
  await mine.getByRole('button', { name: 'Download first-aid-bob.pdf' }).click();
  expect((await own).suggestedFilename()).toBe('first-aid-bob.pdf');
  await toArabic(bob);
  await expect(bob.getByTestId('my-certifications')).toBeVisible();
  await expectNoAxeViolations(bob);

  // A 390 px phone: nothing wider than the screen, the list a stack of cards, the record button reachable.
  for (const page of [bob, alice]) await page.setViewportSize({ width: 390, height: 844 });
  await expect(bob.getByTestId('my-certifications')).toBeVisible();
  expect(await bob.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await alice.reload();
  await expect(alice.getByTestId('holders-table')).toBeVisible();
  expect(await alice.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const recordButton = alice.getByRole('button', { name: /^تسجيل لـ / }).first();
  await recordButton.scrollIntoViewIfNeeded();
  await expect(recordButton).toBeInViewport();
});
