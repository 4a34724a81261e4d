import { expect, type Page, test } from '@playwright/test';
import { expectDashboard, expectNoViolations, signIn, visit } from '../support/console';
import { consoleUrl, PEOPLE } from '../support/env';

for (const language of ['en', 'ar'] as const) {
  test.describe(`axe, ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    });

    test('signed-out screens have no violations', async ({ page }) => {
      for (const path of ['/login', '/signup', '/forgot-password', '/reset-password', '/error']) {
        // The sign-in form is the base domain's (a company's /login forwards there).
        await page.goto(consoleUrl(path === '/login' ? null : 'acme', path));
        await expect(page.locator('main')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expectNoViolations(page, path);
      }
      // Field errors shown.
      await page.goto(consoleUrl(null, '/login'));
      await page.locator('button[type=submit]').click();
      await expect(page.locator('.mantine-InputWrapper-error').first()).toBeVisible();
      await expectNoViolations(page, '/login with errors');
    });

    test('console screens have no violations', async ({ page }) => {
      // 4 skins × 5 screens, each scanned: longer than one flow.
      test.setTimeout(240_000);
      await signIn(page, language === 'en' ? PEOPLE.farid.email : PEOPLE.priya.email, 'acme');
      await expect(page.getByTestId('greeting')).toBeVisible();
      for (const skin of ['light', 'dark', 'semi-dark', 'bordered']) {
        await page.evaluate((s) => localStorage.setItem('skin', s), skin);
        // The skin is read at the console's start: each skin's first screen is a full load.
        for (const [i, path] of ['/', '/profile', '/profile/sessions', '/users', '/no-such-page'].entries()) {
          await visit(page, 'acme', path, { reload: i === 0 });
          await expect(page.getByRole('navigation').first()).toBeVisible();
          await expectNoViolations(page, `${path} (${skin})`);
        }
      }
      await page.goto(consoleUrl('acme', '/'));
      await page.getByTestId('company-switcher').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, 'company switcher');
    });

    test('one Tab reaches the skip link, which takes the keyboard past the sidebar to the content', async ({
      page,
    }) => {
      await signIn(page, language === 'en' ? PEOPLE.ada.email : PEOPLE.kira.email, 'acme');
      await expect(page.getByTestId('greeting')).toBeVisible();
      await page.goto(consoleUrl('acme', '/users'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const skip = page.locator('a[href="#main-content"]');
      await expect(skip).not.toBeInViewport();

      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      await expect(skip).toHaveText(language === 'en' ? 'Skip to content' : 'انتقل إلى المحتوى');
      await expect(skip).toBeInViewport();
      // At the start edge: the left in English, the right in Arabic.
      const box = await skip.boundingBox();
      const width = page.viewportSize()?.width ?? 0;
      if (language === 'ar') expect(box?.x ?? 0).toBeGreaterThan(width / 2);
      else expect((box?.x ?? width) + (box?.width ?? 0)).toBeLessThan(width / 2);
      await expectNoViolations(page, 'skip link shown');

      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await expect(page).toHaveURL(consoleUrl('acme', '/users'));
      // The next stop is in the page's content, not in the header or the sidebar.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('MAIN');
    });

    test('the not-authorized page and the disabled notice have no violations', async ({ page }) => {
      await signIn(page, 'bob@example.com', 'acme');
      await expect(page.getByTestId('greeting')).toBeVisible();
      await page.goto(consoleUrl('acme', '/users'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page, 'not authorized');

      // Already signed in once: globex's address shows the notice without another sign-in.
      await page.goto(consoleUrl('globex', '/'), { waitUntil: 'commit' });
      await expect(page.getByTestId('disabled-notice')).toBeVisible();
      await expectNoViolations(page, 'disabled notice');

      // Asking to join another company, from the notice.
      await page.getByTestId('disabled-join').click();
      await expect(page.getByTestId('my-join-requests')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, 'join from the disabled notice');
    });
  });
}

test('the sign-up code step has no violations', async ({ page }) => {
  const tag = Date.now().toString(36);
  await page.goto(consoleUrl(null, '/signup'));
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Axe');
  await page.getByLabel('Work email').fill(`ada.${tag}@axe-${tag}.com`);
  await page.getByLabel('Company name').fill(`Axe ${tag}`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Accessible-2026');
  await page.getByLabel('Confirm password').fill('Accessible-2026');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Security code')).toBeVisible();
  await expectNoViolations(page, 'sign-up code step');
  await expectDashboardAbsent(page);
});

async function expectDashboardAbsent(page: Page) {
  await expect(page.getByTestId('greeting')).toHaveCount(0);
}

test('keyboard only: sign in and reach the dashboard', async ({ page }) => {
  await page.goto(consoleUrl(null, '/login'));
  // The email field takes the focus when the screen appears.
  await expect(page.locator('input[autocomplete=username]')).toBeFocused();
  await page.keyboard.type('alice@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Demo1234');
  await page.keyboard.press('Enter');
  await expectDashboard(page, 'Alice');
});
