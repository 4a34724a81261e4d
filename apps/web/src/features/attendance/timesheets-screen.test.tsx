import type { Timesheet } from '@wac/shared/schemas/attendance';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { renderScreen } from '../../test/render';
import { captureDownloads, csvExport } from '../../test/downloads';
import { ORIGIN, server } from '../../test/server';
import TimesheetsScreen, { exportName } from './timesheets-screen';
import { timesheetDay } from '../../test/timesheets';

const BOB = '60000000-0000-4000-8000-000000000001';
const ENTRY = '60000000-0000-4000-8000-000000000002';
const TEAM = '60000000-0000-4000-8000-000000000003';

const day = (date: string, entries: Timesheet['days'][number]['entries'] = []) => timesheetDay(date, { entries });

/** Bob's week of 2 to 8 November 2026 (over), or the week of today (running). */
function sheet(over: boolean, locked = false) {
  const from = over ? '2026-11-02' : '2099-01-05';
  const to = over ? '2026-11-08' : '2099-01-11';
  return {
    user: { uuid: BOB, firstName: 'Bob', lastName: 'Member' },
    period: 'week',
    from,
    to,
    timeZone: 'UTC',
    locked,
    days: [
      day(from, [
        {
          uuid: ENTRY,
          userUuid: BOB,
          workDate: from,
          clockIn: `${from}T09:00:00.000Z`,
          clockOut: `${from}T17:00:00.000Z`,
          recordedIn: null,
          recordedOut: null,
          status: 'closed',
          source: 'web',
          version: 1,
        },
      ]),
    ],
    totals: {
      workedMinutes: 480,
      expectedMinutes: 480,
      overtimeMinutes: 0,
      lateMinutes: 0,
      lateDays: 0,
      absentDays: 0,
      leaveDays: 0,
      leaveMinutes: 0,
    },
  };
}

const exports: URL[] = [];
const applied: Record<string, unknown>[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  exports.length = 0;
  applied.length = 0;
  await setLanguage('en', false);
});

function serve(over: boolean, locked = false) {
  server.use(
    http.get(`${ORIGIN}/api/members`, () =>
      HttpResponse.json({
        data: [{ uuid: BOB, firstName: 'Bob', lastName: 'Member', email: 'bob@acme.test' }],
        page: 1,
        itemsPerPage: 20,
        totalItems: 1,
      }),
    ),
    http.get(`${ORIGIN}/api/attendance/timesheets/${BOB}`, () => HttpResponse.json(sheet(over, locked))),
    http.get(`${ORIGIN}/api/attendance/timesheet-locks`, () => HttpResponse.json({ data: [] })),
    http.get(`${ORIGIN}/api/attendance/settings`, () =>
      HttpResponse.json({ timeZone: 'UTC', weekStart: 1, autoCloseMarginMinutes: 120, version: 1 }),
    ),
    http.get(`${ORIGIN}/api/teams`, () =>
      HttpResponse.json({ data: [{ uuid: TEAM, name: 'Night Shift' }], page: 1, itemsPerPage: 100, totalItems: 1 }),
    ),
    http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [] })),
    csvExport('/api/attendance/timesheets/export.csv', exports),
    http.post(`${ORIGIN}/api/attendance/corrections`, async ({ request }) => {
      applied.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({}, { status: 201 });
    }),
  );
}

async function openBob(user: ReturnType<typeof userEvent.setup>) {
  renderScreen(<TimesheetsScreen />, '/attendance/timesheets');
  await user.click(screen.getByTestId('timesheet-person'));
  await user.click(await screen.findByRole('option', { name: /Bob Member/, hidden: true }));
  return screen.findByTestId('timesheet-table');
}

describe('timesheets screen', () => {
  it("opens on the person the address names (a person's page links here), and keeps the one chosen in it", async () => {
    serve(false);
    const user = userEvent.setup();
    renderScreen(<TimesheetsScreen />, `/attendance/timesheets?person=${BOB}`);
    expect(await screen.findByTestId('timesheet-table')).toBeInTheDocument();
    expect((screen.getByTestId('timesheet-person') as HTMLInputElement).value).toContain('Bob Member');
    // Chosen again from the list, it stays the one shown.
    await user.click(screen.getByTestId('timesheet-person'));
    await user.click(await screen.findByRole('option', { name: /Bob Member/, hidden: true }));
    expect(await screen.findByTestId('timesheet-table')).toBeInTheDocument();
  });

  it('corrects a member’s entry at once, with a reason, from their timesheet', async () => {
    serve(true);
    const user = userEvent.setup();
    const table = await openBob(user);
    await user.click(within(table).getByRole('button', { name: /Correct the entry of/ }));
    const dialog = await screen.findByRole('dialog', { name: "Correct Bob Member's entry" });
    await user.click(within(dialog).getByRole('radio', { name: 'Remove' }));
    await user.type(within(dialog).getByTestId('correction-reason'), 'Clocked in by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Apply the correction' }));
    await waitFor(() =>
      expect(applied).toEqual([{ userUuid: BOB, kind: 'remove', entryUuid: ENTRY, reason: 'Clocked in by mistake' }]),
    );
    // An ended week can be locked, once asked: payroll's period closes for everyone.
    const locked: unknown[] = [];
    server.use(
      http.post(`${ORIGIN}/api/attendance/timesheet-locks`, async ({ request }) => {
        locked.push(await request.json());
        return HttpResponse.json(
          { uuid: '60000000-0000-4000-8000-000000000009', from: '2026-11-02', to: '2026-11-08' },
          { status: 201 },
        );
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Lock this period' }));
    const ask = await screen.findByRole('dialog', { name: 'Lock Nov 2, 2026 to Nov 8, 2026?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(locked).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Lock this period' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(locked).toEqual([{ from: '2026-11-02', to: '2026-11-08' }]));
  });

  it('adds a missing entry for the member, and offers no lock before the period has ended', async () => {
    serve(false);
    const user = userEvent.setup();
    await openBob(user);
    const lock = screen.getByRole('button', { name: 'Lock this period' });
    expect(lock).toBeDisabled();
    expect(lock).toHaveAccessibleDescription('A period can be locked once it has ended.');
    await user.click(screen.getByRole('button', { name: 'Add an entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an entry for Bob Member' });
    await user.type(within(dialog).getByTestId('correction-reason'), 'Badge reader down');
    await user.click(within(dialog).getByRole('button', { name: 'Apply the correction' }));
    await waitFor(() => expect(applied).toHaveLength(1));
    expect(applied[0]).toMatchObject({ userUuid: BOB, kind: 'add', clockIn: '2099-01-05T09:00:00.000Z' });
  });

  it('offers no correction in a locked period', async () => {
    serve(true, true);
    const user = userEvent.setup();
    const table = await openBob(user);
    expect(within(table).queryByRole('button', { name: /Correct the entry of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add an entry' })).toBeNull();
    expect(screen.getByText('Locked')).toBeInTheDocument();
  });

  it('exports the whole company or one team, the file named after the period and the team', async () => {
    serve(true);
    const downloads = captureDownloads();
    const user = userEvent.setup();
    await openBob(user);
    await user.click(screen.getByTestId('timesheet-export'));
    await waitFor(() => expect(downloads).toEqual(['timesheets-2026-11-02_2026-11-08.csv']));
    const team = screen.getByTestId('timesheet-export-team');
    expect(team).toHaveAttribute('placeholder', 'The whole company');
    await user.click(team);
    await user.click(await screen.findByRole('option', { name: 'Night Shift', hidden: true }));
    await user.click(screen.getByTestId('timesheet-export'));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]).toBe('timesheets-night-shift-2026-11-02_2026-11-08.csv');
    expect(exports.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { period: 'week' },
      { period: 'week', team: TEAM },
    ]);
  });

  it('names the file after the period and the team', () => {
    expect(exportName({ from: '2026-11-01', to: '2026-11-30' })).toBe('timesheets-2026-11-01_2026-11-30.csv');
    expect(exportName({ from: '2026-11-02', to: '2026-11-08' }, 'Night Shift')).toBe(
      'timesheets-night-shift-2026-11-02_2026-11-08.csv',
    );
    expect(exportName({ period: 'month', date: '' }, 'Équipe B')).toBe('timesheets-équipe-b-month.csv');
  });
});
