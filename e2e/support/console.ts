import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { baseSignInUrl, consoleUrl, DEMO_PASSWORD, signInUrl } from './env';

/**
 * Signs in on the base domain's sign-in screen, asked to continue into `subDomain` (where that
 * company's own sign-in page sends a browser without a session: `signInViaCompany` walks that way,
 * and session.spec with it). Straight there, the console boots once less per sign-in, about two
 * seconds of a loaded CI machine, and most specs sign in more than once.
 */
export async function signIn(page: Page, email: string, subDomain: string | null, password = DEMO_PASSWORD) {
  await page.goto(subDomain ? baseSignInUrl(subDomain) : consoleUrl(null, '/login'));
  await submitSignIn(page, email, password);
}

/** Signs in from the login screen of `subDomain`, which sends the browser on to the base domain's. */
export async function signInViaCompany(page: Page, email: string, subDomain: string | null, password = DEMO_PASSWORD) {
  // One sign-in per browser: a company's sign-in page sends the browser on to the base domain's
  // at once, so its own load may never complete (the navigation is only waited for to start).
  await page.goto(consoleUrl(subDomain, '/login'), subDomain ? { waitUntil: 'commit' } : {});
  if (subDomain) await page.waitForURL(signInUrl(subDomain));
  await submitSignIn(page, email, password);
}

/** Fills and sends the sign-in form the page shows (for a page that got there by itself). */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  // Language-independent selectors: some specs sign in with the UI in Arabic.
  await page.locator('input[autocomplete=username]').fill(email);
  await page.locator('input[autocomplete=current-password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

/**
 * Resolves once the page's real-time socket holds the company channel (the server confirmed it).
 * Call before the navigation. A change made before then still reaches the tab (the confirmation
 * says when the channel last changed, and the tab reads again what it read before), but as a
 * refetch, not as the message itself: a spec that times the message waits for this first.
 */
export const realtimeOpen = (page: Page) =>
  page
    .waitForEvent('websocket')
    .then((ws) =>
      ws.waitForEvent('framereceived', (f) => /"type":"subscribed","channel":"\/company\//.test(String(f.payload))),
    );

export async function expectDashboard(page: Page, firstName: string) {
  await expect(page.getByTestId('greeting')).toHaveText(`Hi ${firstName}, How can I help you?`);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the page's CSP (script-src 'self') does not apply.
  // Once per document (a screen scanned in several states keeps it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

export const describeViolations = (vs: AxeViolation[]) =>
  vs
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `   ${n.target.join(' ')}`).join('\n')}`)
    .join('\n');

/** Fails with the violations listed when axe finds any on the page as it is now. */
export async function expectNoViolations(page: Page, screen: string) {
  const violations = await axeViolations(page);
  expect(violations, `${screen}:\n${describeViolations(violations)}`).toEqual([]);
}

/**
 * Picks a day (`YYYY-MM-DD`) in a console date picker (components/company-date-picker): opens its
 * calendar, goes month by month towards the day (back or forth, from the month the calendar shows)
 * and clicks it by its full name, as a screen reader user would. English names (the console's
 * language in most specs).
 */
export async function pickDate(field: Locator, isoDay: string) {
  // The calendar opens beside the field, or in a dialog of its own when the field is in a dialog.
  const scope = field.page();
  const next = scope.getByRole('button', { name: 'Next month' });
  const previous = scope.getByRole('button', { name: 'Previous month' });
  await field.click();
  await expect(next.last()).toBeVisible();
  const name = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
  const day = scope.getByRole('button', { name, exact: true });
  const header = scope.locator('.mantine-DatePickerInput-calendarHeaderLevel').last();
  for (let i = 0; i < 60 && (await day.count()) === 0; i++) {
    // The header names the month shown ("March 2026").
    const shown = new Date(`1 ${await header.textContent()} UTC`).toISOString().slice(0, 7);
    await (shown > isoDay.slice(0, 7) ? previous : next).last().click();
  }
  await day.last().click();
  // Picked, the calendar closes: the next field's click must not land on it while it goes.
  await expect(next).toHaveCount(0);
}
