import { expect, test } from '@playwright/test';
import { expectDashboard, expectNoViolations, signIn, visit } from '../support/console';
import { consoleUrl } from '../support/env';
import { waitForMail } from '../support/mail';

for (const language of ['en', 'ar'] as const) {
  test.describe(`admin screens, axe, ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    });

    test('listings, detail screens and dialogs have no violations', async ({ page, browser }) => {
      // Nine listings in two skins, then detail screens and dialogs: longer than one flow.
      test.setTimeout(180_000);
      await signIn(page, 'super@example.com', 'acme');
      await expect(page.getByTestId('greeting')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

      // Every listing in the dark skin (colours that pass on white can fail on dark); in the light
      // skin the ones the console walk (console-walk.spec) does not scan already.
      const listings = ['/users', '/users/invitations', '/users/join-requests', '/teams', '/companies', '/audit-log'];
      const notWalked = ['/users?search=a&sort=name&order=desc&status=enabled', '/platform'];
      for (const [skin, paths] of [
        ['light', notWalked],
        ['dark', [...listings, ...notWalked, '/join', '/profile']],
      ] as const) {
        await page.evaluate((s) => localStorage.setItem('skin', s), skin);
        // The skin is read at the console's start: each skin's first screen is a full load.
        for (const [i, path] of paths.entries()) {
          await visit(page, 'acme', path, { reload: i === 0 });
          await expectNoViolations(page, `${path} (${skin})`);
        }
      }
      // Detail screens and dialogs: light in English, dark in Arabic.
      await page.evaluate((s) => localStorage.setItem('skin', s), language === 'ar' ? 'dark' : 'light');

      // Detail screens, reached by their links (the first screen loaded again: the skin changed). Bob signs in elsewhere first, so his member screen
      // shows a session row with its revoke button.
      const bob = await browser.newContext();
      const bobPage = await bob.newPage();
      await signIn(bobPage, 'bob@example.com', 'acme');
      await expectDashboard(bobPage, 'Bob');
      await bob.close();
      await page.goto(consoleUrl('acme', '/users?search=bob%40example.com'));
      await page.getByTestId('members-table').getByRole('link').first().click();
      await expect(page.getByTestId('member-sessions').getByRole('button').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, 'member');

      await visit(page, 'acme', '/teams');
      await page.getByTestId('teams-table').getByRole('link').first().click();
      await expect(page.getByTestId('team-members')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, 'team');

      await visit(page, 'acme', '/companies');
      await page.getByTestId('companies-table').getByRole('link').first().click();
      await expect(page.getByTestId('company-users')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, 'company');

      // Dialogs (focus trapped in a titled dialog).
      const dialogs: [string, string][] = [
        ['/users', 'invite'],
        ['/users', 'import'],
        ['/teams', 'team'],
        ['/companies', 'company'],
      ];
      for (const [path, which] of dialogs) {
        await visit(page, 'acme', path);
        const opener = {
          invite: page.getByRole('main').getByRole('button').nth(1),
          import: page.getByRole('main').getByRole('button').nth(0),
          team: page.getByRole('main').getByRole('button').first(),
          company: page.getByRole('main').getByRole('button').first(),
        }[which];
        await opener?.click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog).toHaveAttribute('aria-labelledby', /.+/);
        await page.waitForTimeout(300);
        await expectNoViolations(page, `${which} dialog`);
        // The submit without input shows the field errors: still no violations.
        if (which !== 'import') {
          await dialog.locator('button[type=submit]').click();
          await expect(dialog.locator('.mantine-InputWrapper-error').first()).toBeVisible();
          await expectNoViolations(page, `${which} dialog with errors`);
        }
        // Closed, as a user leaves it (the next screen opens in the same console, not a new load).
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }

      // The public invitation page, signed out, in a fresh browser.
      const email = `axe.${language}.${Date.now().toString(36)}@example.com`;
      const since = Date.now() - 1000;
      await visit(page, 'acme', '/users');
      await page.getByRole('main').getByRole('button').nth(1).click();
      await page.getByRole('dialog').locator('input[type=email]').fill(email);
      await page.getByRole('dialog').locator('button[type=submit]').click();
      await expect(page.getByRole('dialog')).toBeHidden();
      const link = /\/admin(\/invitations\/[\w-]+)/.exec(await waitForMail(email, since))?.[1] ?? '';
      const guest = await browser.newContext();
      const guestPage = await guest.newPage();
      await guestPage.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await guestPage.goto(consoleUrl('acme', link));
      await expect(guestPage.getByTestId('invitation').locator('form')).toBeVisible();
      await expect(guestPage.getByTestId('invitation-inviter')).toContainText('Sam Super');
      await expectNoViolations(guestPage, 'invitation (new user)');
      await guestPage.locator('button[type=submit]').click();
      await expect(guestPage.locator('.mantine-InputWrapper-error').first()).toBeVisible();
      await expectNoViolations(guestPage, 'invitation with errors');
      await guest.close();
    });
  });
}

test('a member (not an admin) sees no admin entries and the not-authorized page on /users', async ({ page }) => {
  await signIn(page, 'bob@example.com', 'acme');
  await expectDashboard(page, 'Bob');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Join a company' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await page.goto(consoleUrl('acme', '/audit-log'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('audit-table')).toHaveCount(0);
  await expect(page).toHaveTitle('You are not authorized! · Acme Corp');
  await expectNoViolations(page, 'not authorized (audit log)');
});
