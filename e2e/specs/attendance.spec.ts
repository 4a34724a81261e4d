import { expect, type Page, test } from '@playwright/test';
import {
  axeViolations,
  describeViolations,
  expectDashboard,
  expectNoViolations,
  pickDate,
  realtimeOpen,
  signIn,
} from '../support/console';
import { consoleUrl } from '../support/env';

async function openAttendance(page: Page) {
  await page.goto(consoleUrl('acme', '/attendance'));
  await expect(page.getByTestId('clock-card')).toBeVisible();
  // Start from "not clocked in" whatever an earlier run left.
  const out = page.getByTestId('clock-out');
  if (await out.isVisible()) {
    await out.click();
    await expect(page.getByTestId('clock-in')).toBeVisible();
  }
}

test('Bob clocks in and out; a double click makes one entry and his other tab follows live', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'bob@example.com', 'acme');
  await expectDashboard(page, 'Bob');
  await openAttendance(page);
  const before = await page
    .getByTestId('today-entries')
    .locator('tbody tr')
    .count()
    .catch(() => 0);

  const other = await context.newPage();
  const otherListens = realtimeOpen(other);
  await other.goto(consoleUrl('acme', '/attendance'));
  await expect(other.getByTestId('clock-in')).toBeVisible();
  await otherListens;

  await page.getByTestId('clock-in').dblclick();
  await expect(page.getByTestId('clock-status')).toHaveText('Clocked in');
  await expect(page.getByTestId('today-entries').locator('tbody tr')).toHaveCount(before + 1);
  // The other tab follows without a reload.
  await expect(other.getByTestId('clock-status')).toHaveText('Clocked in', { timeout: 5000 });
  // The running time moves.
  const first = await page.getByTestId('worked-today').textContent();
  await expect(page.getByTestId('worked-today')).not.toHaveText(first ?? '', { timeout: 3000 });

  await other.getByTestId('clock-out').click();
  await expect(other.getByTestId('clock-status')).toHaveText('Not clocked in');
  await expect(page.getByTestId('clock-status')).toHaveText('Not clocked in', { timeout: 5000 });
  await expect(page.getByTestId('today-entries').locator('tbody tr').last().locator('td').last()).not.toHaveText('—');
  await context.close();
});

test("Alice's open day board shows Bob present within a second of his clock-in, without a reload", async ({
  browser,
}) => {
  const alice = await (await browser.newContext()).newPage();
  await signIn(alice, 'alice@example.com', 'acme');
  await expect(alice.getByTestId('greeting')).toBeVisible();
  await alice.goto(consoleUrl('acme', '/attendance/board'));
  await expect(alice.getByTestId('board-table')).toBeVisible();
  await alice.getByRole('textbox', { name: 'Search', exact: true }).fill('bob@example.com');
  await expect(alice.getByTestId('board-row')).toHaveCount(1);

  const bob = await (await browser.newContext()).newPage();
  await signIn(bob, 'bob@example.com', 'acme');
  await expectDashboard(bob, 'Bob');
  await openAttendance(bob);
  await bob.getByTestId('clock-in').click();
  await expect(bob.getByTestId('clock-status')).toHaveText('Clocked in');
  await expect(alice.getByTestId('board-row').getByTestId('board-status')).toHaveText(/Present|Late/, {
    timeout: 1500,
  });
  await expect(alice.getByTestId('board-row')).toContainText('Clocked in');
  await bob.getByTestId('clock-out').click();
  await expect(bob.getByTestId('clock-status')).toHaveText('Not clocked in');
});

test('Day board: who is on leave today, the status and department filters, a day chosen from the calendar', async ({
  page,
}) => {
  await signIn(page, 'alice@example.com', 'acme');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto(consoleUrl('acme', '/attendance/board'));
  await expect(page.getByTestId('board-row').first()).toBeVisible();
  // The demo puts one member on approved leave today; on a weekend or a holiday nobody is scheduled.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const working = weekday >= 1 && weekday <= 5 && today !== '2026-11-26';
  await expect(page.getByTestId('count-onLeave')).toContainText(working ? /On leave\s*[1-9]/ : /On leave\s*0/);

  // "All statuses" until one is chosen; "On leave" lists them with their leave's type.
  const status = page.getByTestId('board-status-filter');
  await expect(status).toHaveAttribute('placeholder', 'All statuses');
  await status.click();
  await page.getByRole('option', { name: 'On leave', exact: true }).click();
  if (working) {
    await expect(page.getByTestId('board-row').first().getByTestId('board-status')).toHaveText('On leave');
    await expect(page.getByTestId('board-row').first().getByTestId('board-leave')).toHaveText('Vacation');
    const statuses = await page.getByTestId('board-row').getByTestId('board-status').allTextContents();
    expect(statuses.every((x) => x === 'On leave')).toBe(true);
  } else {
    await expect(page.getByTestId('board-row')).toHaveCount(0);
  }

  // The People department holds Alice and Bob.
  await page.goto(consoleUrl('acme', '/attendance/board'));
  await expect(page.getByTestId('board-row').first()).toBeVisible();
  await expect(page.getByTestId('board-department')).toHaveAttribute('placeholder', 'All departments');
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/attendance/board') && r.url().includes('department='),
  );
  await page.getByTestId('board-department').click();
  await page.getByRole('option', { name: 'People', exact: true }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId('board-row')).toHaveCount(2);
  await expect(page.getByTestId('board-table')).toContainText('alice@example.com');
  await expect(page.getByTestId('board-table')).toContainText('bob@example.com');

  // A day of last month from the calendar: the 15th, named in full for a screen reader.
  await page.getByTestId('board-date').click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  const [y, m] = today.split('-').map(Number) as [number, number];
  const fifteenth = new Date(Date.UTC(m === 1 ? y - 1 : y, (m + 10) % 12, 15));
  const iso = fifteenth.toISOString().slice(0, 10);
  const full = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(fifteenth);
  const picked = page.waitForResponse((r) => r.url().includes(`date=${iso}`));
  await page.getByRole('button', { name: full, exact: true }).click();
  expect((await picked).status()).toBe(200);
  const medium = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(fifteenth);
  await expect(page.getByTestId('board-date')).toHaveText(medium);
});

test("Dev Adams's timesheet shows today's approved leave, covered hours and leave days", async ({ page }) => {
  await signIn(page, 'alice@example.com', 'acme');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto(consoleUrl('acme', '/attendance/timesheets'));
  await page.getByTestId('timesheet-person').fill('Dev');
  await page.getByRole('option', { name: /Dev Adams/ }).click();
  await expect(page.getByTestId('timesheet-table')).toBeVisible();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const working = weekday >= 1 && weekday <= 5 && today !== '2026-11-26';
  // This week holds today; the leave runs through the next working day, which may be next week.
  if (working) {
    await expect(page.getByTestId('day-leave').first()).toHaveText('Vacation');
    await expect(page.getByTestId('timesheet-table')).toContainText('7 hr 30 min covered by leave');
    await expect(page.getByTestId('total-leave')).toContainText(/Leave days: [12]/);
  } else {
    await expect(page.getByTestId('total-leave')).toBeVisible();
  }
});

for (const language of ['en', 'ar'] as const) {
  test(`My attendance has no axe violations (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await signIn(page, 'bob@example.com', 'acme');
    await expect(page.getByTestId('greeting')).toBeVisible();
    await openAttendance(page);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await page.waitForLoadState('networkidle');
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  test(`Day board has no axe violations, its date picker open too, in the console's language (${language})`, async ({
    page,
  }) => {
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await signIn(page, 'alice@example.com', 'acme');
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.goto(consoleUrl('acme', '/attendance/board'));
    await expect(page.getByTestId('board-row').first()).toBeVisible();
    await expect(page.getByTestId('count-onLeave')).toContainText(language === 'ar' ? 'في إجازة' : 'On leave');
    await page.waitForLoadState('networkidle');
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    // The calendar speaks the console's language, whatever the browser's (Chromium here runs en-US).
    await page.getByTestId('board-date').click();
    const previous = page.getByRole('button', { name: language === 'ar' ? 'الشهر السابق' : 'Previous month' });
    await expect(previous).toBeVisible();
    const header = page.locator('.mantine-DatePickerInput-calendarHeaderLevel');
    const month = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'America/New_York' }).format(new Date());
    await expect(header).toContainText(month);
    if (language === 'ar') await expect(header).not.toContainText(/[A-Za-z]/);
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
}

test('Bob asks to remove an entry; Alice sees the request live and approves it; Bob sees it approved live', async ({
  browser,
}) => {
  const alice = await (await browser.newContext()).newPage();
  await signIn(alice, 'alice@example.com', 'acme');
  await expect(alice.getByTestId('greeting')).toBeVisible();
  await alice.goto(consoleUrl('acme', '/attendance/corrections'));
  await expect(alice.getByTestId('pending-count')).toBeVisible();

  const bob = await (await browser.newContext()).newPage();
  await signIn(bob, 'bob@example.com', 'acme');
  await expectDashboard(bob, 'Bob');
  // The dashboard carries the clock card too.
  await expect(bob.getByTestId('clock-card')).toBeVisible();
  await openAttendance(bob);
  await bob.getByTestId('clock-in').click();
  await expect(bob.getByTestId('clock-status')).toHaveText('Clocked in');
  await bob.getByTestId('clock-out').click();
  await expect(bob.getByTestId('clock-status')).toHaveText('Not clocked in');

  const reason = `Clocked by mistake ${Date.now()}`;
  await bob
    .getByTestId('timesheet-table')
    .getByRole('button', { name: /Correct the entry/ })
    .last()
    .click();
  const dialog = bob.getByRole('dialog');
  await dialog.getByText('Remove', { exact: true }).click();
  await dialog.getByTestId('correction-reason').fill(reason);
  await dialog.getByTestId('send-correction').click();
  await expect(dialog).toBeHidden();
  const mine = bob.getByTestId('my-corrections').getByTestId('correction-row').filter({ hasText: reason });
  await expect(mine.getByTestId('correction-status')).toHaveText('Pending');

  // Alice's open list shows it without a reload.
  const row = alice.getByTestId('corrections-table').getByTestId('correction-row').filter({ hasText: reason });
  await expect(row).toBeVisible({ timeout: 5000 });
  await row.getByTestId('approve').click();
  await alice.getByRole('dialog').getByRole('textbox').fill('OK');
  await alice.getByTestId('confirm-decision').click();
  await expect(row).toBeHidden();
  // Bob's page follows live.
  await expect(mine.getByTestId('correction-status')).toHaveText('Approved', { timeout: 5000 });
});

test('Alice corrects Bob’s entry from his timesheet: applied at once, its reason in the history, axe clean with the dialog open', async ({
  browser,
}) => {
  // Bob makes a fresh entry today, so the correction touches nothing other specs read.
  const bob = await (await browser.newContext()).newPage();
  await signIn(bob, 'bob@example.com', 'acme');
  await expectDashboard(bob, 'Bob');
  await openAttendance(bob);
  await bob.getByTestId('clock-in').click();
  await expect(bob.getByTestId('clock-status')).toHaveText('Clocked in');
  await bob.getByTestId('clock-out').click();
  await expect(bob.getByTestId('clock-status')).toHaveText('Not clocked in');
  const entries = bob.getByTestId('timesheet-table').getByRole('button', { name: /Correct the entry/ });
  const before = await entries.count();

  const alice = await (await browser.newContext()).newPage();
  await signIn(alice, 'alice@example.com', 'acme');
  await expect(alice.getByTestId('greeting')).toBeVisible();
  await alice.goto(consoleUrl('acme', '/attendance/timesheets'));
  await alice.getByTestId('timesheet-person').fill('Bob');
  await alice.getByRole('option', { name: /Bob/ }).first().click();
  const table = alice.getByTestId('timesheet-table');
  await expect(table).toBeVisible();
  await table
    .getByRole('button', { name: /Correct the entry/ })
    .last()
    .click();
  const dialog = alice.getByRole('dialog', { name: /Correct Bob .*entry/ });
  await expect(dialog).toBeVisible();
  const violations = await axeViolations(alice);
  expect(violations, describeViolations(violations)).toEqual([]);
  const reason = `Test entry removed ${Date.now()}`;
  await dialog.getByText('Remove', { exact: true }).click();
  await dialog.getByTestId('correction-reason').fill(reason);
  await dialog.getByRole('button', { name: 'Apply the correction' }).click();
  await expect(dialog).toBeHidden();
  // Bob's open timesheet loses the entry without a reload.
  await expect(entries).toHaveCount(before - 1, { timeout: 5000 });
  // The history says what was recorded, who changed it and why.
  await alice.goto(consoleUrl('acme', '/attendance/corrections'));
  await expect(alice.getByTestId('pending-count')).toBeVisible();
  await alice.getByTestId('corrections-status-filter').click();
  await alice.getByRole('option', { name: 'Approved' }).click();
  const row = alice.getByTestId('correction-row').filter({ hasText: reason });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('correction-status')).toHaveText('Approved');
  await expect(row).toContainText('Bob');
});

for (const language of ['en', 'ar'] as const) {
  test(`Corrections and Timesheets have no axe violations (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await signIn(page, 'alice@example.com', 'acme');
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.goto(consoleUrl('acme', '/attendance/corrections'));
    await expect(page.getByTestId('pending-count')).toBeVisible();
    await page.waitForLoadState('networkidle');
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.goto(consoleUrl('acme', '/attendance/timesheets'));
    await page.getByTestId('timesheet-person').click();
    await page.getByRole('option').first().click();
    await expect(page.getByTestId('timesheet-table')).toBeVisible();
    await page.waitForLoadState('networkidle');
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    // The settings: each tab, the schedule dialog open.
    await page.goto(consoleUrl('acme', '/attendance/settings'));
    await expect(page.getByTestId('settings-zone')).toBeVisible();
    // By keyboard, Tab from the time zone with its long list open goes on to the week start. It
    // went into the list's scrolling box, which closed as the field lost the focus, leaving the
    // focus nowhere (lib/dropdown-tab.ts).
    await page.getByTestId('settings-zone').click();
    await expect(page.getByTestId('settings-zone')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('combobox', { name: language === 'ar' ? 'أول أيام الأسبوع' : 'First day of the week' }),
    ).toBeFocused();
    await expect(page.getByTestId('settings-zone')).toHaveAttribute('aria-expanded', 'false');
    for (const tab of [1, 2, 3]) {
      await page.getByRole('tab').nth(tab).click();
      await page.waitForLoadState('networkidle');
      violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    }
    await page.getByRole('tab').nth(2).click();
    await expect(page.getByTestId('schedules-table')).toBeVisible();
    await page.getByTestId('schedules-table').getByTestId('schedule-edit').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
}

test('Alice adds a public holiday with the calendar field, axe clean with the calendar open, and removes it', async ({
  page,
}) => {
  await signIn(page, 'alice@example.com', 'acme');
  await expectDashboard(page, 'Alice');
  await page.goto(consoleUrl('acme', '/attendance/settings'));
  await page.getByRole('tab', { name: 'Public holidays' }).click();
  const year = Number(await page.getByTestId('holiday-year').textContent());
  // A Sunday near the year's end: no one's working days (time off in other specs) change meanwhile.
  const sunday = new Date(Date.UTC(year, 11, 31));
  sunday.setUTCDate(31 - sunday.getUTCDay());
  const iso = sunday.toISOString().slice(0, 10);
  const name = `Calendar check ${Date.now()}`;

  await page.getByRole('button', { name: 'Add a public holiday' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a public holiday' });
  const field = dialog.getByTestId('holiday-date');
  await field.click();
  await expect(page.getByRole('button', { name: 'Next month' }).last()).toBeVisible();
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Next month' })).toHaveCount(0);
  await pickDate(field, iso);
  await expect(field).toHaveText(
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(sunday),
  );
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = page.getByTestId('holidays-table').getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: new RegExp(`^Remove.*${name}`) }).click();
  // Asked first; Cancel has the focus, so an Enter does not remove it by accident.
  const confirm = page.getByRole('dialog', { name: `Remove the public holiday ${name}?` });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${name} was removed.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

/** Alice signed in on a 390 px phone, the console in `language`. */
async function aliceOnPhone(page: Page, language: 'en' | 'ar') {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  await signIn(page, 'alice@example.com', 'acme');
  await expect(page.getByTestId('greeting')).toBeVisible();
}

for (const language of ['en', 'ar'] as const) {
  test(`Corrections on a phone: each request a card, its decision on screen without scrolling sideways (${language})`, async ({
    page,
  }) => {
    await aliceOnPhone(page, language);
    await page.goto(consoleUrl('acme', '/attendance/corrections'));
    // The demo's Ben asked to correct an entry; other specs may add requests of their own.
    const row = page.getByTestId('corrections-table').getByTestId('correction-row').first();
    await expect(row).toBeVisible();
    // In a table scrolled sideways, Approve sat past four columns of times, out of the phone's sight.
    await expect(row.getByTestId('approve')).toBeInViewport({ ratio: 1 });
    const label = await row
      .getByTestId('approve')
      .evaluate((b) => getComputedStyle(b.closest('td')!, '::before').content);
    expect(label).toBe(language === 'en' ? '"Actions"' : '"الإجراءات"');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoViolations(page, `corrections on a phone (${language})`);
  });
}

/** The first day of the month after next, `YYYY-MM-DD`: a change from then on alters nothing another spec reads today. */
const monthAfterNext = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 1)).toISOString().slice(0, 10);
};

for (const language of ['en', 'ar'] as const) {
  test(`Work schedules on a phone: no sideways scrolling, who follows which, bulk assignment, axe clean with the dialog open (${language})`, async ({
    page,
  }) => {
    await aliceOnPhone(page, language);
    await page.goto(consoleUrl('acme', '/attendance/settings?tab=schedules'));
    const table = page.getByTestId('schedules-table');
    await expect(table).toBeVisible();
    // The table stacks into cards: nothing is wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Weekly hours read as a duration, not as a time of day ("37:30").
    const weekly = table.getByTestId('schedule-weekly').first();
    await expect(weekly).not.toHaveText(/\d:\d/);
    // The demo's Acme has people on two schedules; the rota's eight are listed, reached by keyboard.
    const counts = table.getByTestId('schedule-members-count');
    await expect(counts).toHaveCount(2);
    await counts.nth(1).focus();
    await page.keyboard.press('Enter');
    const members = page.getByTestId('schedule-members-table');
    await expect(members.getByRole('row')).toHaveCount(9);
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.getByTestId('schedule-members').getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    if (language === 'ar') return;

    // Alice and Bob follow the default from a later month on, named in one request: nothing changes
    // for them (they follow it already), so no other spec sees a difference.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await counts.first().click();
    await page.getByTestId('schedule-members').getByRole('button').first().click();
    // Assign with no start date nor people is refused at the first field it names, which takes the focus.
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(dialog.getByText('This field is required.').first()).toBeVisible();
    await expect(dialog.getByTestId('bulk-from')).toBeFocused();
    await pickDate(dialog.getByTestId('bulk-from'), monthAfterNext());
    const people = dialog.getByPlaceholder('Type a name or email');
    for (const email of ['alice@example.com', 'bob@example.com']) {
      await people.fill(email.split('@')[0]!);
      await page.getByRole('option').filter({ hasText: email }).click();
    }
    // Leaving the field closes its list, as a keyboard user moves on to the button.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('option')).toHaveCount(0);
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(page.getByText('Office hours assigned to 2 people.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });
}
