import { expect, test } from '@playwright/test';
import { axeViolations, describeViolations, expectDashboard, signIn } from '../support/console';
import { consoleUrl, PEOPLE } from '../support/env';

test('the skin chosen on the login screen is kept after a reload, applied before first paint', async ({ page }) => {
  await page.goto(consoleUrl(null, '/login'));
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByTestId('skin-select').selectOption('dark');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(html).toHaveAttribute('data-skin', 'dark');

  // The boot script sets the skin before any module runs: check the very first document state.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstScheme: string | null }).firstScheme =
        document.documentElement.getAttribute('data-mantine-color-scheme');
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { firstScheme: string | null }).firstScheme)).toBe('dark');
  await expect(html).toHaveAttribute('data-skin', 'dark');
  await expect(page.getByTestId('skin-select')).toHaveValue('dark');
});

test('skins switch in the console and persist; the sidebar is collapsed by default and its state persists', async ({
  page,
}) => {
  await signIn(page, PEOPLE.ada.email, 'acme');
  await expectDashboard(page, 'Ada');
  const shell = page.locator('[data-nav-collapsed]');
  await expect(shell).toHaveAttribute('data-nav-collapsed', 'true');
  // Collapsed: icons with accessible names, no visible labels.
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation').getByText('Dashboard', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Expand the menu' }).click();
  await expect(shell).toHaveAttribute('data-nav-collapsed', 'false');
  await expect(page.getByRole('navigation').getByText('Dashboard', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Skin' }).click();
  await page.getByRole('menuitem', { name: 'Semi dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-skin', 'semi-dark');

  await page.reload();
  await expectDashboard(page, 'Ada');
  await expect(page.locator('html')).toHaveAttribute('data-skin', 'semi-dark');
  await expect(shell).toHaveAttribute('data-nav-collapsed', 'false');

  await page.getByRole('button', { name: 'Skin' }).click();
  await page.getByRole('menuitem', { name: 'Bordered' }).click();
  await page.getByRole('button', { name: 'Collapse the menu' }).click();
  await page.reload();
  await expectDashboard(page, 'Ada');
  await expect(page.locator('html')).toHaveAttribute('data-skin', 'bordered');
  await expect(shell).toHaveAttribute('data-nav-collapsed', 'true');
});

test('from 1000 to 1199 px the sidebar stays beside the content with its labels; below, a burger opens it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await signIn(page, PEOPLE.ada.email, 'acme');
  await expectDashboard(page, 'Ada');
  await expect(page.getByRole('button', { name: 'Open the menu' })).toBeHidden();
  await expect(page.getByRole('navigation').getByText('Dashboard', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation').getByText('Users', { exact: true })).toBeVisible();
  // Beside, not over: the content starts after the sidebar.
  const nav = await page.getByRole('navigation').first().boundingBox();
  const greeting = await page.getByTestId('greeting').boundingBox();
  expect(nav && greeting && greeting.x >= nav.x + nav.width - 1).toBe(true);

  await page.setViewportSize({ width: 900, height: 800 });
  await expect(page.getByRole('button', { name: 'Open the menu' })).toBeVisible();
  // Closed, the menu is out of the way of a keyboard too: from the user menu, Tab reaches the page,
  // not the hidden menu's company switcher and links.
  await page.getByTestId('user-menu').focus();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).not.toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement?.closest('nav') === null)).toBe(true);
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await expect(page.getByRole('navigation').getByText('Dashboard', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation').getByText('Users', { exact: true })).toBeVisible();
  // Open, its entries are reached by Tab; the button says it is open; Escape closes it and the focus
  // goes back to the button.
  const burger = page.getByRole('button', { name: 'Open the menu' });
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('navigation').getByRole('link', { name: 'Users' }).focus();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(burger).toBeFocused();
  await expect(page.locator('nav.app-navbar')).toHaveAttribute('inert', '');
});

test('Arabic switches the whole layout to right-to-left and stays after a reload', async ({ page }) => {
  // Chosen on the base domain's sign-in page, Arabic travels with the sign-in to the company's page.
  await page.goto(consoleUrl(null, '/login'));
  await page.getByTestId('language-select').selectOption('ar');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  // Field errors come from the shared catalog, in Arabic.
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByText('هذا الحقل مطلوب.').first()).toBeVisible();

  await page.reload();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('البريد الإلكتروني').fill(PEOPLE.kira.email);
  await page.getByRole('textbox', { name: 'كلمة المرور', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByTestId('greeting')).toHaveText('مرحبًا Kira، كيف يمكنني مساعدتك؟');
  // The sidebar sits on the right in RTL.
  const nav = await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).boundingBox();
  const viewport = page.viewportSize();
  expect(nav && viewport && nav.x + nav.width).toBeGreaterThan((viewport?.width ?? 0) - 5);
});

test('the focus ring stands out from its background (3:1) in every skin', async ({ page }) => {
  await signIn(page, PEOPLE.ada.email, 'acme');
  await expectDashboard(page, 'Ada');
  for (const skin of ['light', 'dark', 'bordered', 'semi-dark']) {
    await page.evaluate((s) => localStorage.setItem('skin', s), skin);
    await page.reload();
    await expectDashboard(page, 'Ada');
    // A sidebar entry (dark in semi-dark), the header's search and a button of the content.
    for (const target of [
      page.getByRole('link', { name: 'Dashboard' }),
      page.getByRole('button', { name: /Search/ }),
      page.locator('main a, main button').first(),
    ]) {
      await target.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const ratio = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).map(Number);
        const lum = ([r, g, b]: number[]) =>
          [r, g, b]
            .map((v) => (v ?? 0) / 255)
            .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
            .reduce((sum, v, i) => sum + v * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
        // The ring is drawn outside the element: against the first opaque background around it.
        let bg = 'rgb(255, 255, 255)';
        for (let a = el.parentElement; a; a = a.parentElement) {
          const c = getComputedStyle(a).backgroundColor;
          const v = rgb(c);
          if (v.length === 3 || (v.length === 4 && v[3] === 1)) {
            bg = c;
            break;
          }
        }
        const ring = lum(rgb(getComputedStyle(el).outlineColor));
        const back = lum(rgb(bg));
        return (Math.max(ring, back) + 0.05) / (Math.min(ring, back) + 0.05);
      });
      expect(
        ratio,
        `${skin}: focus ring on ${await target.evaluate((e) => e.textContent?.trim().slice(0, 20))}`,
      ).toBeGreaterThanOrEqual(3);
    }
  }
});

test('in the dark skin a link inside running text is told apart by more than its colour', async ({ page }) => {
  // Bob: the Code of Conduct waits for him, so it is on his list.
  await signIn(page, PEOPLE.bob.email, 'acme');
  await expectDashboard(page, 'Bob');
  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  const expectNoLinkByColourOnly = async (where: string) => {
    await page.waitForLoadState('networkidle');
    const found = (await axeViolations(page)).filter((v) => v.id === 'link-in-text-block');
    expect(found, `${where}:\n${describeViolations(found)}`).toEqual([]);
  };
  // A policy's text with a mail link in a sentence (1.8:1 against the text in the dark skin).
  await page.goto(consoleUrl('acme', '/my-policies'));
  await page.getByRole('main').getByRole('link', { name: 'Code of Conduct' }).click();
  await expect(page.getByTestId('policy-body').getByRole('link')).toBeVisible();
  await expectNoLinkByColourOnly('a policy');
});
