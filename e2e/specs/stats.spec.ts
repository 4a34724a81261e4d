import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectDashboard, expectNoViolations, signIn } from '../support/console';
import { consoleUrl } from '../support/env';

test('Alice reads Stats for last month and a team: every chart has data, a table alternative, a CSV and a PNG', async ({
  page,
}) => {
  // The figures come from the per-scope day aggregates (decision 024): an answer is a few
  // statements. The walk still allows a loaded 2-core CI machine its time: it downloads three PNGs
  // and three CSVs.
  test.setTimeout(150_000);
  await signIn(page, 'alice@example.com', 'acme');
  await expectDashboard(page, 'Alice');
  await page.getByRole('navigation').first().getByRole('link', { name: 'Stats' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stats' })).toBeVisible();
  await expect(page.getByTestId('kpi-headcountEnd-value')).not.toHaveText('—', { timeout: 30_000 });

  // Last month in the company's days (the demo company's zone): the period the downloads are named with.
  const answered = page.waitForResponse((r) => r.url().includes('/api/stats?') && r.url().includes('range=lastMonth'));
  await page.getByTestId('stats-range').getByText('Last Month').click();
  const { period } = (await (await answered).json()) as { period: { from: string; to: string } };
  const name: Record<string, string> = {
    headcount: 'headcount',
    weeks: 'attendance-and-lateness-by-week',
    weekdays: 'lateness-by-weekday',
    policies: 'completion-by-policy',
  };
  await page.getByTestId('stats-team').click();
  await page.getByRole('option', { name: 'Engineering' }).click();
  await expect(page.getByTestId('kpi-attendanceRate-value')).toHaveText(/%/, { timeout: 30_000 });

  for (const chart of ['headcount', 'weeks', 'weekdays', 'policies']) {
    const card = page.getByTestId(`chart-${chart}`);
    // A drawn mark (a bar of 0 %, such as a policy republished after the period, has no height).
    await expect(card.locator('svg circle, svg rect:not([height="0"])').first()).toBeVisible({ timeout: 30_000 });
    // The chart as an image: a real PNG of it with its title and legend, twice the drawn size.
    const image = page.waitForEvent('download');
    await card.getByTestId(`${chart}-png`).click();
    // Each download is named after its chart and the period it holds (not `weeks.png`).
    const named = new RegExp(`^${name[chart]}-${period.from}-${period.to}\\.(png|csv)$`);
    expect((await image).suggestedFilename()).toMatch(named);
    const png = await readFile(await (await image).path());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(1000);
    expect(png.length).toBeGreaterThan(5000);
    // The table is in the page for screen readers; the toggle shows it to everyone.
    await card.getByTestId(`${chart}-toggle`).click();
    const rows = card.getByTestId(`${chart}-table`).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await card.getByTestId(`${chart}-csv`).click();
    expect((await download).suggestedFilename()).toMatch(named);
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    expect(csv.split('\n').filter(Boolean).length).toBeGreaterThan(1);
    // Figures as the chart writes them: whole people, rates to one decimal (not 7.333333333).
    expect(csv).not.toMatch(/\d\.\d{2,}/);
  }
  await expect(page.getByTestId('weekdays-table').locator('tbody tr')).toHaveCount(7);
});

test('Bob, a member, cannot open Stats', async ({ page }) => {
  await signIn(page, 'bob@example.com', 'acme');
  await expectDashboard(page, 'Bob');
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Stats' })).toHaveCount(0);
  await page.goto(consoleUrl('acme', '/stats'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('kpi-headcountEnd')).toHaveCount(0);
});

test('on a phone the range choices wrap onto the screen, Custom included, and each can be chosen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'alice@example.com', 'acme');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto(consoleUrl('acme', '/stats'));
  const range = page.getByTestId('stats-range');
  await expect(range).toBeVisible();
  const frame = await range.boundingBox();
  const choices = await range.locator('label').all();
  expect(choices).toHaveLength(4);
  for (const choice of choices) {
    const box = await choice.boundingBox();
    const name = await choice.textContent();
    // Whole, inside the control (it clips what overflows) and on the phone's screen.
    expect(box && frame && box.x >= frame.x - 0.5 && box.x + box.width <= frame.x + frame.width + 0.5, name ?? '').toBe(
      true,
    );
    expect(box && box.x >= 0 && box.x + box.width <= 390, name ?? '').toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await range.getByText('Custom').click();
  await expect(page.getByTestId('stats-from')).toBeVisible();
});

for (const language of ['en', 'ar'] as const) {
  test(`Stats has no axe violations (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await signIn(page, 'alice@example.com', 'acme');
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.goto(consoleUrl('acme', '/stats'));
    await expect(page.getByTestId('chart-weeks')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expectNoViolations(page, `stats (${language})`);
    await page.getByTestId('weeks-toggle').click();
    await expectNoViolations(page, `stats table (${language})`);
  });
}
