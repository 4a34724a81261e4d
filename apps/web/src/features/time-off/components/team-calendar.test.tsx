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

function serve() {
  server.use(
    http.get(`${ORIGIN}/api/teams`, () => HttpResponse.json({ data: [], page: 1, itemsPerPage: 100, totalItems: 0 })),
    http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [] })),
    http.get(`${ORIGIN}/api/time-off/calendar`, ({ request }) => {
      const asked = new URL(request.url).searchParams.get('month');
      months.push(asked);
      const month = asked ?? companyMonth;
      return HttpResponse.json({
        month,
        holidays: [{ date: `${month}-03`, name: 'Founders day' }],
        data: [
          {
            person: { uuid: '10000000-0000-4000-8000-000000000002', firstName: 'Dev', lastName: 'Adams' },
            offDays: [`${month}-03`, `${month}-06`, `${month}-07`],
            absences: [],
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
    expect(within(cells[5]!).getByText(/: Day off$/)).toBeInTheDocument();
    const third = screen.getAllByRole('columnheader')[3]!;
    expect(third).toHaveTextContent('Public holiday: Founders day');
    expect(screen.getByText('Day off or public holiday')).toBeInTheDocument();
  });
});
