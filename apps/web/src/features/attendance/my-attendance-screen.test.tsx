import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, zonedDate } from '@wac/shared/zoned-time';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import MyAttendanceScreen from './my-attendance-screen';

const ME = '60000000-0000-4000-8000-000000000001';

/** The Monday-to-Sunday week holding `date` (UTC). */
function weekOf(date: string) {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(date, -weekday);
  return { from, to: addDays(from, 6) };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

describe("a member's own timesheet", () => {
  it('goes back a week at a time, forward no further than today, and back to today', async () => {
    const asked: Array<string | null> = [];
    const today = zonedDate(new Date(), 'UTC');
    server.use(
      http.get(`${ORIGIN}/api/attendance/me`, () =>
        HttpResponse.json({
          date: today,
          timeZone: 'UTC',
          serverTime: new Date().toISOString(),
          open: null,
          entries: [],
          workedSeconds: 61,
        }),
      ),
      http.get(`${ORIGIN}/api/attendance/me/corrections`, () =>
        HttpResponse.json({ data: [], page: 1, itemsPerPage: 10, totalItems: 0 }),
      ),
      http.get(`${ORIGIN}/api/attendance/me/timesheet`, ({ request }) => {
        const date = new URL(request.url).searchParams.get('date');
        asked.push(date);
        const { from, to } = weekOf(date ?? today);
        return HttpResponse.json({
          user: { uuid: ME, firstName: 'Bob', lastName: 'Member' },
          period: 'week',
          from,
          to,
          timeZone: 'UTC',
          locked: false,
          days: [],
          totals: {
            workedMinutes: 0,
            expectedMinutes: 0,
            overtimeMinutes: 0,
            lateMinutes: 0,
            lateDays: 0,
            absentDays: 0,
            leaveDays: 0,
            leaveMinutes: 0,
          },
        });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<MyAttendanceScreen />);
    const previous = await screen.findByRole('button', { name: 'Previous week' });
    // Clocked out: today's time in minutes, as the timesheet says it (not "1 min, 1 sec").
    expect(await screen.findByTestId('worked-today')).toHaveTextContent(/^1 min$/);
    const next = screen.getByRole('button', { name: 'Next week' });
    const current = screen.getByRole('button', { name: 'Today' });
    await waitFor(() => expect(previous).toBeEnabled());
    // The week of today: nothing later to read yet, and it is already today's.
    expect(next).toBeDisabled();
    expect(current).toBeDisabled();
    const { from } = weekOf(today);
    await user.click(previous);
    await waitFor(() => expect(asked.at(-1)).toBe(addDays(from, -1)));
    await waitFor(() => expect(next).toBeEnabled());
    expect(current).toBeEnabled();
    await user.click(previous);
    await waitFor(() => expect(asked.at(-1)).toBe(addDays(from, -8)));
    // The day after the week shown: the first of the next one.
    await user.click(next);
    await waitFor(() => expect(asked.at(-1)).toBe(addDays(from, -7)));
    await user.click(current);
    await waitFor(() => expect(current).toBeDisabled());
    expect(next).toBeDisabled();
  });
});

describe('clocking in while the service is away', () => {
  it('gives the button back at once, and a click again sends the same key (one entry, whatever the first did)', async () => {
    const keys: string[] = [];
    let down = false;
    const today = zonedDate(new Date(), 'UTC');
    const myDay = {
      date: today,
      timeZone: 'UTC',
      serverTime: new Date().toISOString(),
      open: null,
      entries: [],
      workedSeconds: 0,
    };
    const unavailable = () =>
      HttpResponse.json(
        { code: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable.' },
        { status: 503, headers: { 'retry-after': '5' } },
      );
    server.use(
      // While the service is away the day's re-read does not answer (the console's reads retry for minutes).
      http.get(`${ORIGIN}/api/attendance/me`, async () => {
        if (down) await delay(10_000);
        return HttpResponse.json(myDay);
      }),
      http.get(`${ORIGIN}/api/attendance/me/corrections`, () =>
        HttpResponse.json({ data: [], page: 1, itemsPerPage: 10, totalItems: 0 }),
      ),
      http.get(`${ORIGIN}/api/attendance/me/timesheet`, () => unavailable()),
      http.post(`${ORIGIN}/api/attendance/me/clock-in`, async ({ request }) => {
        keys.push(((await request.json()) as { idempotencyKey: string }).idempotencyKey);
        return down ? unavailable() : HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<MyAttendanceScreen />);
    const button = await screen.findByTestId('clock-in');
    down = true;
    await user.click(button);
    await waitFor(() => expect(keys).toHaveLength(1));
    // The re-read of the day retries while the service is away: the click's button does not wait for it.
    await waitFor(() => expect(button).toBeEnabled(), { timeout: 1000 });
    expect(button).not.toHaveAttribute('data-loading');
    down = false;
    await user.click(button);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });
});
