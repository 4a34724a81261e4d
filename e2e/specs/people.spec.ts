import { expect, type Page, test } from '@playwright/test';
import { expectDashboard, expectNoViolations, signIn } from '../support/console';
import { consoleUrl } from '../support/env';

for (const language of ['en', 'ar'] as const) {
  test.describe(`people screens, ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    });

    test('directory, record, departments and org chart are axe clean; the chart works by keyboard', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, 'alice@example.com', 'acme');
      await expect(page.getByTestId('greeting')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

      for (const path of ['/people', '/departments', '/org-chart']) {
        await page.goto(consoleUrl('acme', path));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, path);
      }

      // The top of the chart is Sam; opening him by keyboard shows his reports, one level loaded.
      const tree = page.getByRole('tree');
      const sam = tree.getByRole('treeitem', { name: /Sam Super/ }).first();
      await sam.focus();
      await expect(sam).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await expect(sam).toHaveAttribute('aria-expanded', 'true');
      const alice = sam.getByRole('treeitem', { name: /Alice Anders/ });
      await expect(alice).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(page.locator('[role="treeitem"]:focus')).toHaveAttribute('aria-level', '2');
      await page.keyboard.press(language === 'ar' ? 'ArrowRight' : 'ArrowLeft');
      await expect(sam).toBeFocused();
      await page.keyboard.press(language === 'ar' ? 'ArrowRight' : 'ArrowLeft');
      await expect(sam).toHaveAttribute('aria-expanded', 'false');

      // Searching Bob opens his branch (Sam → Alice → Bob) and focuses him.
      const find = page.getByRole('combobox', { name: language === 'ar' ? 'ابحث عن شخص' : 'Find a person' });
      await find.fill('Bob');
      await page.getByRole('option', { name: 'Bob Brown' }).click();
      const bob = page.getByRole('treeitem', { name: /Bob Brown/ });
      await expect(bob).toBeFocused();
      await expect(bob).toHaveAttribute('aria-level', '3');
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, 'org chart focused on Bob');

      // Alice's own record, as she (an admin) edits it.
      await page.goto(consoleUrl('acme', '/people?search=bob'));
      await page.getByTestId('people-table').getByRole('link', { name: 'Bob Brown' }).click();
      await expect(page.getByRole('form')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, 'record');
    });
  });
}

test('a member edits the self-editable fields of their own record and sees the rest read-only', async ({ page }) => {
  await signIn(page, 'bob@example.com', 'acme');
  await expectDashboard(page, 'Bob');
  await page.goto(consoleUrl('acme', '/people?search=bob'));
  await page.getByTestId('people-table').getByRole('link', { name: 'Bob Brown' }).click();
  const form = page.getByRole('form', { name: 'Employee record' });
  await expect(form.getByRole('textbox', { name: 'Job title' })).toHaveAttribute('readonly', '');
  const phone = form.getByRole('textbox', { name: 'Work phone' });
  await phone.fill('+351 220 999 999');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Record saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form').getByRole('textbox', { name: 'Work phone' })).toHaveValue('+351 220 999 999');
});
