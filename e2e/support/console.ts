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

const inFlight = new WeakMap<Page, { count: number; last: number }>();

/** Counts the page's requests in flight from now on (once per page). */
function watchRequests(page: Page) {
  let state = inFlight.get(page);
  if (state) return state;
  const s = { count: 0, last: Date.now() };
  state = s;
  inFlight.set(page, s);
  page.on('request', () => {
    s.count++;
    s.last = Date.now();
  });
  const done = () => {
    s.count = Math.max(0, s.count - 1);
    s.last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return s;
}

/**
 * Resolves once the page has had no request in flight for `ms` (Playwright's 'networkidle' is a
 * state of the document's load: once reached, it does not wait for what a later in-app navigation
 * fetches).
 */
export async function networkQuiet(page: Page, ms = 300, timeout = 15_000) {
  const s = watchRequests(page);
  const start = Date.now();
  s.last = Math.max(s.last, start);
  while (s.count > 0 || Date.now() - s.last < ms) {
    if (Date.now() - start > timeout) throw new Error(`requests still in flight after ${timeout} ms: ${s.count}`);
    await page.waitForTimeout(50);
  }
}

/**
 * Opens a console screen (`path` under /admin) of the console already loaded in `page`, as its own
 * links do: the router's navigation (a history entry and its popstate), no reload, so the console
 * does not boot again. Waits for the screen: its heading, and no request in flight for 300 ms
 * (its data, its lazily loaded code). The first visit of a page (nothing loaded yet, or
 * another origin) is a full load, and so is one asked to `reload` (what the console reads once at
 * its start, such as the skin, changed).
 */
export async function visit(page: Page, subDomain: string | null, path: string, { reload = false } = {}) {
  const url = consoleUrl(subDomain, path);
  watchRequests(page);
  if (
    reload ||
    new URL(page.url()).origin !== new URL(url).origin ||
    !(await page.evaluate(() => !!document.querySelector('#root *')))
  ) {
    await page.goto(url);
  } else {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, new URL(url).pathname + new URL(url).search);
    if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`not navigated to ${path}`);
  }
  await networkQuiet(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}
