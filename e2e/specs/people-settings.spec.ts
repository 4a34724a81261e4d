import { expect, test } from '@playwright/test';
import { expectDashboard, expectNoViolations, signIn } from '../support/console';
import { consoleUrl, PEOPLE } from '../support/env';

// Runs before people.spec.ts (file order): the field it adds is optional, so records stay valid.

test('an admin adds a single-select field from the People screen and fills it on a record', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, PEOPLE.alice.email, 'acme');
  await expectDashboard(page, 'Alice');

  await page.goto(consoleUrl('acme', '/people'));
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(consoleUrl('acme', '/people/settings'));
  await expect(page.getByRole('heading', { level: 1, name: 'People settings' })).toBeVisible();

  // By keyboard: the button opens the dialog, whose first field takes the focus.
  await page.getByRole('button', { name: 'Add a field' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a field' });
  const label = dialog.getByRole('textbox', { name: 'Field name' });
  await expect(label).toBeFocused();
  await page.keyboard.type('T-shirt size');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await dialog.getByRole('option', { name: 'Single select' }).click();
  // Saving without options is refused on the options field.
  await dialog.getByRole('button', { name: 'Save' }).click();
  const options = dialog.getByRole('textbox', { name: 'Options' });
  await expect(options).toHaveAttribute('aria-invalid', 'true');
  await options.fill('S\nM\nL\nXL');
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page, 'add field dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Field T-shirt size saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('custom-fields-table').getByRole('row', { name: /T-shirt size/ });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Single select');
  await expect(row.getByRole('cell').nth(2)).toHaveText('S, M, L, and XL');

  // A second field with the same label: the server's refusal sits on the label, translated.
  await page.getByRole('button', { name: 'Add a field' }).click();
  await dialog.getByRole('textbox', { name: 'Field name' }).fill('T-shirt size');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A field with this label already exists.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Field name' })).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Members may edit their job title once ticked and saved; untick it again for the specs that follow.
  const members = page.getByTestId('self-editable-settings');
  const jobTitle = members.getByRole('checkbox', { name: 'Job title' });
  await expect(jobTitle).not.toBeChecked();
  await jobTitle.check();
  await members.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await expect(jobTitle).toBeChecked();
  await jobTitle.uncheck();
  await members.getByRole('button', { name: 'Save' }).click();
  await page.reload();
  await expect(jobTitle).not.toBeChecked();

  // Bob's record shows the field; Alice picks his size and it stays.
  await page.goto(consoleUrl('acme', '/people?search=bob'));
  await page.getByTestId('people-table').getByRole('link', { name: 'Bob Brown' }).click();
  const form = page.getByRole('form', { name: 'Employee record' });
  const size = form.getByRole('combobox', { name: 'T-shirt size' });
  await expect(size).toBeVisible();
  await size.click();
  await page.getByRole('option', { name: 'M', exact: true }).click();
  // The save's answer first (a refusal would say why here), then its toast; a loaded CI machine gets its time.
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/employees/'));
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Record saved.')).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole('form').getByRole('combobox', { name: 'T-shirt size' })).toHaveValue('M');
});

for (const language of ['en', 'ar'] as const) {
  test(`the people settings screen is axe clean, dialogs open too, and fits a phone (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await signIn(page, PEOPLE.alice.email, 'acme');
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

    await page.goto(consoleUrl('acme', '/people/settings'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('custom-fields-table').getByRole('row', { name: /T-shirt size/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, `people settings (${language})`);

    const edit = page.getByRole('button', { name: language === 'ar' ? 'تعديل T-shirt size' : 'Edit T-shirt size' });
    await edit.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, `edit field dialog (${language})`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(edit).toBeFocused();

    await page.getByRole('button', { name: language === 'ar' ? 'حذف T-shirt size' : 'Delete T-shirt size' }).click();
    await expect(page.getByRole('dialog')).toContainText(
      language === 'ar' ? 'مع قيمه في سجلات جميع الموظفين' : 'its values on every employee record',
    );
    await expectNoViolations(page, `delete field dialog (${language})`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // A phone: the table scrolls inside its own region, the page never sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('custom-fields-table')).toBeAttached();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'wider than the phone').toBeLessThanOrEqual(1);
    await expectNoViolations(page, `people settings on a phone (${language})`);
  });
}

test('a member has no Settings button and meets the not-authorized page at /people/settings', async ({ page }) => {
  await signIn(page, PEOPLE.bob.email, 'acme');
  await expectDashboard(page, 'Bob');
  await page.goto(consoleUrl('acme', '/people'));
  await expect(page.getByTestId('people-table')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0);
  await page.goto(consoleUrl('acme', '/people/settings'));
  await expect(page.getByRole('heading', { level: 1, name: 'You are not authorized!' })).toBeVisible();
  await expect(page.getByTestId('custom-fields-table')).toHaveCount(0);
});
