import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import { TeamCalendar } from './team-calendar';

const months: (string | null)[] = [];
/** The company's month: its zone is not the browser's, so not the browser's month (same year, for the picker). */
const now = new Date();
const companyMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() === 11 ? 11 : now.getUTCMonth() + 2).padStart(2, '0')}`;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  months.length = 0;
  await setLanguage('en', false);
});

const absence = (n: number, over: Record<string, unknown>) => ({
  requestUuid: `30000000-0000-4000-8000-00000000000${n}`,
  startHalf: false,
  endHalf: false,
  status: 'approved',
  type: { uuid: '40000000-0000-4000-8000-000000000001', name: 'Vacation', color: '#2f9e44', unit: 'days' },
  ...over,
});

function serve(absences: (month: string) => unknown[] = () => []) {
  server.use(
    http.get(`${ORIGIN}/api/teams`, () => HttpResponse.json({ data: [], page: 1, itemsPerPage: 100, totalItems: 0 })),
    http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [] })),
    http.get(`${ORIGIN}/api/time-off/calendar`, ({ request }) => {
      const asked = new URL(request.url).searchParams.get('month');
      months.push(asked);
      const month = asked ?? companyMonth;
      return HttpResponse.json({
        month,
        today: `${month}-09`,
        holidays: [{ date: `${month}-03`, name: 'Founders day' }],
        data: [
          {
            person: { uuid: '10000000-0000-4000-8000-000000000002', firstName: 'Dev', lastName: 'Adams' },
            offDays: [`${month}-03`, `${month}-06`, `${month}-07`],
            absences: absences(month),
          },
        ],
        page: 1,
        itemsPerPage: 20,
        totalItems: 1,
      });
    }),
  );
}

describe('team calendar', () => {
  it('names and picks its month in the console language, and its scrolling table is reachable by keyboard', async () => {
    await setLanguage('ar', false);
    serve();
    const user = userEvent.setup();
    renderScreen(<TeamCalendar />);
    await screen.findByText('Dev Adams');
    // It opens on the month the server says is the company's, not on the browser's.
    expect(months).toEqual([null]);
    const current = new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${companyMonth}-01T00:00:00Z`),
    );
    // The field is the month in Arabic (a native month field wrote it in the browser's language).
    const field = screen.getByRole('button', { name: 'الشهر' });
    expect(field).toHaveTextContent(current);
    expect(document.querySelector('input[type=month]')).toBeNull();

    // A month chosen from the list is asked for.
    await user.click(field);
    const last = (name: string) => screen.queryAllByRole('button', { name, hidden: true }).at(-1);
    const next = new Date(Date.UTC(now.getUTCFullYear() + 1, 2, 1));
    const label = new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(next);
    await user.click(last('السنة التالية')!);
    // Its button shows the month's whole name, which its spoken name contains (axe label-content-name-mismatch).
    expect(last(label)).toHaveTextContent(
      new Intl.DateTimeFormat('ar', { month: 'long', timeZone: 'UTC' }).format(next),
    );
    await user.click(last(label)!);
    const wanted = `${next.getUTCFullYear()}-03`;
    await waitFor(() => expect(months).toContain(wanted));
    await waitFor(() => expect(screen.getByRole('button', { name: 'الشهر' })).toHaveTextContent(label));

    // The month's table, wider than a phone, scrolls in a named region a keyboard can focus.
    const region = screen.getByRole('region', { name: 'تقويم الفريق' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByTestId('team-calendar-table')).toBeInTheDocument();
  });

  it('shows each month of its list by its whole name, which its spoken name contains', async () => {
    await setLanguage('de', false);
    serve();
    const user = userEvent.setup();
    renderScreen(<TeamCalendar />);
    await screen.findByText('Dev Adams');
    await user.click(screen.getByRole('button', { name: 'Monat' }));
    const year = new Date().getUTCFullYear();
    // "Jan." under the spoken "Januar 2026" was axe's label-content-name-mismatch.
    const january = screen.queryAllByRole('button', { name: `Januar ${year}`, hidden: true }).at(-1);
    expect(january).toHaveTextContent(/^Januar$/);
  });

  it('shades the days without work of each person and names the holiday in its column', async () => {
    serve();
    renderScreen(<TeamCalendar />);
    const row = (await screen.findByText('Dev Adams')).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c, i) => (c.hasAttribute('data-off') ? i + 1 : null)).filter(Boolean)).toEqual([3, 6, 7]);
    expect(cells[5]).toHaveAttribute('title', 'Day off');
    expect(within(cells[5]!).getByText(/^\w{3} \d+, \d{4}: Day off$/)).toBeInTheDocument();
    const third = screen.getAllByRole('columnheader')[3]!;
    expect(third).toHaveTextContent('Public holiday: Founders day');
    expect(screen.getByText('Day off or public holiday')).toBeInTheDocument();
  });

  it('writes each day’s colon as French does, with a space before it', async () => {
    await setLanguage('fr', false);
    serve((m) => [absence(1, { startDate: `${m}-10`, endDate: `${m}-10` })]);
    renderScreen(<TeamCalendar />);
    const row = (await screen.findByText('Dev Adams')).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    // It read "10 déc. 2026: Vacation, Approuvée", the colon glued on.
    expect(within(cells[9]!).getByText(/^\d+ \S+ \d{4} : Vacation · Approuvée$/)).toBeInTheDocument();
    expect(within(cells[5]!).getByText(/^\d+ \S+ \d{4} : Jour non travaillé$/)).toBeInTheDocument();
  });

  it('draws half days as half cells, marks today, and has a legend of its leave types and a waiting request', async () => {
    serve((m) => [
      absence(1, { startDate: `${m}-10`, endDate: `${m}-12`, startHalf: true, endHalf: true }),
      absence(2, {
        startDate: `${m}-20`,
        endDate: `${m}-20`,
        status: 'pending',
        type: { uuid: '40000000-0000-4000-8000-000000000002', name: 'Sick leave', color: '#e03131', unit: 'days' },
      }),
    ]);
    renderScreen(<TeamCalendar />);
    const row = (await screen.findByText('Dev Adams')).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    // The first day's afternoon, the whole middle day, the last day's morning.
    expect([10, 11, 12].map((d) => cells[d - 1]!.querySelector('div')?.getAttribute('data-half') ?? 'whole')).toEqual([
      'pm',
      'whole',
      'am',
    ]);
    expect(within(cells[9]!).getByText(/\d{4}: Vacation · Approved · Half day$/)).toBeInTheDocument();
    const today = screen.getAllByRole('columnheader')[9]!;
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveTextContent('Today');
    // And down its rows.
    expect(cells[8]).toHaveAttribute('data-today', 'true');
    expect(cells[9]).not.toHaveAttribute('data-today');
    const legend = screen.getByTestId('team-calendar-legend');
    expect(legend).toHaveTextContent('Sick leaveVacationPendingHalf dayDay off or public holiday');
    // The waiting request is drawn as its legend says: hatched, not a grey the cells never show.
    const pending = cells[19]!.querySelector('div')!;
    const swatch = legend.querySelector<HTMLElement>('[data-pending]')!;
    expect(pending.style.backgroundImage).toContain('repeating-linear-gradient');
    expect(swatch.style.backgroundImage).toBe(pending.style.backgroundImage);
  });
});
