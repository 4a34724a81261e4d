import { expect, type Page, test } from '@playwright/test';
import { rawValuesIn } from '../../packages/shared/src/raw-values';
import { axeViolations, describeViolations, signIn, visit } from '../support/console';
import { PEOPLE } from '../support/env';

/**
 * Every area of the console as a user leaves it, in English and Arabic, on a desktop (1440 px)
 * and a phone (390 px): no axe violation with menus, tooltips, dialogs, dropdowns and toasts
 * open; no raw code, id or US-formatted date on screen; nothing wider than a phone's screen.
 */
const AREAS = [
  '/',
  '/users',
  '/users/invitations',
  '/users/join-requests',
  '/teams',
  '/companies',
  '/jobs',
  '/audit-log',
  '/join',
  '/profile',
  '/profile/sessions',
  '/company-pages',
  '/messages',
];
/** The areas built after the walk was written: each screen, as the super admin (an admin of Acme) sees it. */
const MORE_AREAS = [
  '/people',
  '/org-chart',
  '/departments',
  '/attendance',
  '/attendance/board',
  '/attendance/corrections',
  '/attendance/timesheets',
  '/attendance/settings',
  '/time-off',
  '/time-off-types',
  '/policies',
  '/my-policies',
  '/stats',
];
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function expectClean(page: Page, language: string, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
  // innerText is what is rendered, CSS text-transform included ("ADMIN").
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
  const text = await page.evaluate(() => document.body.innerText);
  expect(rawValuesIn(text, language), `${where}: raw values on screen`).toEqual([]);
}

/**
 * Nothing scrolls sideways: listings are cards or scroll inside their own frame, actions stay on
 * screen. Soft, so one run lists every screen that is too wide, each with the outermost element
 * that sticks out, to say where to look.
 */
async function expectPhoneWide(page: Page, path: string) {
  const { overflow, culprit } = await page.evaluate(() => {
    const width = window.innerWidth;
    // Inside a scrolling or clipping frame, or in a fixed layer (the phone's hidden menu waits off screen).
    const contained = (el: HTMLElement) => {
      if (getComputedStyle(el).position === 'fixed') return true;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
      }
      return false;
    };
    const sticksOut = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > width + 1 || r.left < -1);
    };
    const el = Array.from(document.body.querySelectorAll<HTMLElement>('*')).find((e) => sticksOut(e) && !contained(e));
    const name =
      el &&
      `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''}.${String(el.className).split(' ')[0]}`;
    return { overflow: document.documentElement.scrollWidth - width, culprit: name ?? 'no single element' };
  });
  expect.soft(overflow, `${path}: wider than the phone (${culprit})`).toBeLessThanOrEqual(1);
  // A small table stacked into cards keeps its caption as wide as the cards (not one word a line);
  // a caption repeating its card title is for screen readers only.
  const squeezed = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.stack-table caption:not(.caption-hidden)'))
      .filter((c) => {
        const width = c.getBoundingClientRect().width;
        return width > 0 && width < 0.9 * (c.closest('table')?.getBoundingClientRect().width ?? 0);
      })
      .map((c) => c.textContent?.slice(0, 40)),
  );
  expect.soft(squeezed, `${path}: captions squeezed on the phone`).toEqual([]);
  await expectBadgesWhole(page, path);
}

/**
 * Every badge (a status, a leave, a count) shows its whole text: it wraps rather than being cut
 * off with an ellipsis or clipped by its own box, as a German status was on "My attendance".
 */
async function expectBadgesWhole(page: Page, path: string) {
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-root'))
      .filter((badge) => {
        const r = badge.getBoundingClientRect();
        // Not on screen (the phone's closed menu waits off to the side): nothing to read there.
        if (r.width === 0 || r.right <= 0 || r.left >= window.innerWidth) return false;
        const label = badge.querySelector<HTMLElement>('.mantine-Badge-label') ?? badge;
        const cutOff = (el: HTMLElement) =>
          el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
        return cutOff(badge) || cutOff(label);
      })
      .map((badge) => badge.textContent?.slice(0, 40)),
  );
  expect.soft(cut, `${path}: badges cut off on the phone`).toEqual([]);
}

for (const language of ['en', 'ar'] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`console walk, ${language}, ${device}`, () => {
      test.use({ viewport });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      });

      test('the people, attendance, time-off, compliance and stats screens', async ({ page }) => {
        test.setTimeout(240_000);
        await signIn(page, PEOPLE.sam.email, 'acme');
        await expect(page.getByTestId('greeting')).toBeVisible();
        for (const path of MORE_AREAS) {
          await visit(page, 'acme', path);
          await expectClean(page, language, `${path} (${device})`);
          if (device === 'phone') await expectPhoneWide(page, path);
          expect(await page.title(), `${path}: page title`).toMatch(/ · /);
          // The sidebar marks one entry as the page, this one (My attendance was marked on the day board too).
          const marked = page.locator('nav.app-navbar [aria-current=page]');
          await expect(marked, `${path}: the sidebar's current entry`).toHaveCount(1);
          await expect(marked).toHaveAttribute('href', `/admin${path === '/' ? '' : path}`);
        }
      });

      test('every area, and the states a user leaves it in', async ({ page }) => {
        // Twenty-odd screens and as many hovered menu items, each scanned by axe.
        test.setTimeout(480_000);
        await signIn(page, PEOPLE.sam.email, 'acme');
        await expect(page.getByTestId('greeting')).toBeVisible();

        for (const path of AREAS) {
          await visit(page, 'acme', path);
          await expectClean(page, language, `${path} (${device})`);
          if (device === 'phone') await expectPhoneWide(page, path);
          const title = await page.title();
          expect(title, `${path}: page title`).toMatch(/ · /);
        }

        // The audit log with an entry's changes open.
        await visit(page, 'acme', '/audit-log');
        const changes = page.getByRole('button', { name: language === 'en' ? 'Show the changes' : 'عرض التغييرات' });
        if (await changes.count()) {
          await changes.first().click();
          await expect(page.getByTestId('audit-changes').first()).toBeVisible();
          await expectClean(page, language, 'audit log changes');
        }

        if (device === 'desktop') {
          // The collapsed menu's tooltips, hovered one by one, stay inside the navigation.
          await visit(page, 'acme', '/');
          const nav = page.getByRole('navigation').first();
          if ((await page.locator('[data-nav-collapsed=true]').count()) === 0)
            await page.getByTestId('nav-toggle').click();
          for (const link of await nav.getByRole('link').all()) {
            await link.hover();
            await expect(page.getByRole('tooltip')).toBeVisible();
            await expectClean(page, language, `menu tooltip ${await link.getAttribute('href')}`);
          }
          // A filter's dropdown open.
          await visit(page, 'acme', '/users');
          await page.locator('.mantine-Select-input').first().click();
          await expect(page.getByRole('listbox')).toBeVisible();
          await expectClean(page, language, 'role filter open');
          await page.keyboard.press('Escape');
        } else {
          // The menu opened from the burger, then the filters sheet.
          await visit(page, 'acme', '/users');
          await page.locator('.nav-burger').click();
          await expect(page.getByRole('navigation').first()).toBeVisible();
          await expectClean(page, language, 'menu open (phone)');
          await page.locator('.nav-burger').click();
          await page.getByTestId('table-filters').click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expectClean(page, language, 'filters sheet');
          await page.keyboard.press('Escape');
        }

        // The avatar menu and the language menu open.
        await visit(page, 'acme', '/');
        await page.getByTestId('user-menu').click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectClean(page, language, 'user menu');
        await page.keyboard.press('Escape');

        // A dialog, then a toast beside the controls it must not cover.
        await visit(page, 'acme', '/teams');
        // "New team", the first button of the screen.
        await page.getByRole('main').getByRole('button').first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectClean(page, language, 'team dialog');
        await page.keyboard.press('Escape');

        await visit(page, 'acme', '/profile');
        await page.locator('form button[type=submit]').click();
        const toast = page.locator('.mantine-Notification-root').first();
        await expect(toast).toBeVisible();
        await expectClean(page, language, 'toast');
        // The toast leaves the header's pickers and avatar menu uncovered.
        const box = await toast.boundingBox();
        const header = await page.locator('header').boundingBox();
        expect(box && header && box.y >= header.y + header.height).toBe(true);
      });
    });
  }
}

test.describe('German on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'de'));
  });

  // German writes a screen's name as one long word ("Anwesenheitseinstellungen", wider than 390 px):
  // it breaks inside the heading, not past the screen's edge.
  test('a heading of one long word stays on the screen', async ({ page }) => {
    await signIn(page, PEOPLE.sam.email, 'acme');
    await expect(page.getByTestId('greeting')).toBeVisible();
    for (const path of ['/attendance/settings', '/people/settings']) {
      await visit(page, 'acme', path);
      await expectPhoneWide(page, path);
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personaleinstellungen');
  });

  // German statuses are long ("Automatisch beendet", "Abgelehnt", a leave's name): every badge keeps its whole text.
  test('badges show their whole text', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, PEOPLE.sam.email, 'acme');
    await expect(page.getByTestId('greeting')).toBeVisible();
    for (const path of [
      '/attendance',
      '/attendance/board',
      '/attendance/corrections',
      '/attendance/timesheets',
      '/time-off',
      '/users',
      '/companies',
      '/policies',
      '/my-policies',
      '/certifications',
      '/my-certifications',
    ]) {
      await visit(page, 'acme', path);
      await expectPhoneWide(page, path);
    }
  });
});
