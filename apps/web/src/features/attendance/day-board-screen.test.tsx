import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { onToast, type ToastRequest } from '../../lib/notify';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import DayBoardScreen from './day-board-screen';

const FIELD = '50000000-0000-4000-8000-000000000001';
const row = (firstName: string, status: string, leave: unknown, firstIn: string | null = null) => ({
  userUuid: `50000000-0000-4000-8000-0000000000${firstName.length}${firstName.charCodeAt(0) % 10}`,
  firstName,
  lastName: 'Tester',
  email: `${firstName.toLowerCase()}@acme.test`,
  status,
  leave,
  firstIn,
  lastOut: null,
  clockedIn: !!firstIn,
  workedMinutes: 0,
});

const queries: URLSearchParams[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  queries.length = 0;
  await setLanguage('en', false);
});

function serve(rows = true) {
  server.use(
    http.get(`${ORIGIN}/api/attendance/board`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const data = !rows
        ? []
        : [
            row('Cara', 'onLeave', { type: 'Vacation', color: '#2f9e44', half: 'afternoon' }),
            row('Ben', 'present', { type: 'Vacation', color: '#2f9e44', half: null }, '2026-11-25T14:30:00.000Z'),
          ];
      return HttpResponse.json({
        data,
        page: 1,
        itemsPerPage: 10,
        totalItems: data.length,
        date: q.get('date') ?? '2026-11-25',
        timeZone: 'America/New_York',
        counts: { present: 1, late: 0, absent: 3, onLeave: 1, expected: 0, notScheduled: 0 },
      });
    }),
    http.get(`${ORIGIN}/api/teams`, () => HttpResponse.json({ data: [], page: 1, itemsPerPage: 100, totalItems: 0 })),
    http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [{ uuid: FIELD, name: 'Field' }] })),
    http.get(`${ORIGIN}/api/attendance/settings`, () =>
      HttpResponse.json({ timeZone: 'America/New_York', weekStart: 1, autoCloseMarginMinutes: 120, version: 1 }),
    ),
  );
}

describe('day board screen', () => {
  it('counts and shows who is on leave with the half, filters by status and department', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen(<DayBoardScreen />, '/attendance/board');
    const card = await screen.findByTestId('count-onLeave');
    await waitFor(() => expect(card).toHaveTextContent('On leave1'));
    const cara = (await screen.findByText('cara@acme.test')).closest('tr')!;
    expect(within(cara).getByTestId('board-status')).toHaveTextContent('On leave');
    expect(within(cara).getByTestId('board-leave')).toHaveTextContent('Vacation (afternoon)');
    // Ben came in on his day off: present, his leave named under the badge.
    const ben = screen.getByText('ben@acme.test').closest('tr')!;
    expect(within(ben).getByTestId('board-status')).toHaveTextContent('Present');
    expect(within(ben).getByTestId('board-leave')).toHaveTextContent(/^Vacation$/);

    const status = screen.getByTestId('board-status-filter');
    expect(status).toHaveAttribute('placeholder', 'All statuses');
    await user.click(status);
    await user.click(await screen.findByRole('option', { name: 'On leave', hidden: true }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('onLeave'));

    const department = screen.getByTestId('board-department');
    expect(department).toHaveAttribute('placeholder', 'All departments');
    await user.click(department);
    await user.click(await screen.findByRole('option', { name: 'Field', hidden: true }));
    await waitFor(() => expect(queries.at(-1)?.get('department')).toBe(FIELD));
    expect(queries.at(-1)?.get('status')).toBe('onLeave');
  });

  it("picks a day from a calendar written in the console's language, not the browser's", async () => {
    await setLanguage('fr', false);
    serve();
    const user = userEvent.setup();
    renderScreen(<DayBoardScreen />, '/attendance/board');
    const picker = await screen.findByTestId('board-date');
    expect(picker).toHaveTextContent('Aujourd’hui');
    await user.click(picker);
    const dialog = await screen.findByRole('dialog', { hidden: true });
    const header = new Intl.DateTimeFormat('fr', { month: 'long', year: 'numeric' }).format(new Date());
    expect(within(dialog).getByText(header)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mois précédent', hidden: true })).toBeInTheDocument();
    // The first of this month, named in full in French.
    const first = new Date();
    first.setDate(1);
    const iso = `${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, '0')}-01`;
    const full = new Intl.DateTimeFormat('fr', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
    await user.click(within(dialog).getByRole('button', { name: full, hidden: true }));
    await waitFor(() => expect(queries.at(-1)?.get('date')).toBe(iso));
    const medium = new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
    await waitFor(() => expect(screen.getByTestId('board-date')).toHaveTextContent(medium));
  });

  it('opens on the view in the address (a reload or a shared link), and says when nobody matches', async () => {
    // The filters were the screen's own state: a reload, or Back from a person, lost them.
    serve(false);
    renderScreen(
      <DayBoardScreen />,
      `/attendance/board?date=2026-11-24&status=late&department=${FIELD}&search=ca&page=2`,
    );
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    const first = queries[0]!;
    expect(Object.fromEntries(first)).toMatchObject({
      date: '2026-11-24',
      status: 'late',
      department: FIELD,
      search: 'ca',
      page: '2',
    });
    expect(screen.getByTestId('board-status-filter')).toHaveValue('Late');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('ca');
    expect(await screen.findByText('Nobody matches these filters on this day.')).toBeInTheDocument();
  });

  it('a filter changed goes back to the first page and stays in the address', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen(<DayBoardScreen />, '/attendance/board?page=3');
    await screen.findByText('cara@acme.test');
    expect(queries.at(-1)?.get('page')).toBe('3');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'b');
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('b'));
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('asks the server once a typed search pauses, not at every key', async () => {
    serve();
    renderScreen(<DayBoardScreen />, '/attendance/board');
    await screen.findByText('cara@acme.test');
    const before = queries.length;
    // Five keys, one after another as fast as a person types (well within the pause).
    const box = screen.getByRole('textbox', { name: 'Search' });
    for (const text of ['c', 'ca', 'car', 'carl', 'carla']) fireEvent.change(box, { target: { value: text } });
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('carla'));
    expect(queries.slice(before).map((q) => q.get('search'))).toEqual(['carla']);
  });

  it('says on the search box, not in a toast, when a search matches too many people to judge', async () => {
    serve();
    const toasts: ToastRequest[] = [];
    const stop = onToast((x) => toasts.push(x));
    try {
      renderScreen(<DayBoardScreen />, '/attendance/board');
      await screen.findByText('cara@acme.test');
      const message = 'More than 5,000 people match this search. Type more of the name or email.';
      server.use(
        http.get(`${ORIGIN}/api/attendance/board`, () =>
          HttpResponse.json(
            { code: 'SEARCH_TOO_BROAD', message, issues: [{ path: 'querystring.search', code: 'tooBroad' }] },
            { status: 400 },
          ),
        ),
      );
      const box = screen.getByRole('textbox', { name: 'Search' });
      fireEvent.change(box, { target: { value: 'a' } });
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription(message);
      expect(toasts).toEqual([]);
    } finally {
      stop();
    }
  });

  it("covers the previous rows while a search's answer is on its way (or an outage is waited out)", async () => {
    serve();
    renderScreen(<DayBoardScreen />, '/attendance/board');
    await screen.findByText('cara@acme.test');
    const rows = screen.getByTestId('board-rows');
    expect(rows).toHaveAttribute('aria-busy', 'false');
    // The answer to "bob" is late, as while the console's reads retry through an outage.
    let answer: () => void = () => undefined;
    server.use(
      http.get(
        `${ORIGIN}/api/attendance/board`,
        () =>
          new Promise<Response>((resolve) => {
            answer = () =>
              resolve(
                HttpResponse.json({
                  data: [],
                  page: 1,
                  itemsPerPage: 10,
                  totalItems: 0,
                  date: '2026-11-25',
                  timeZone: 'America/New_York',
                  counts: { present: 0, late: 0, absent: 0, onLeave: 0, expected: 0, notScheduled: 0 },
                }),
              );
          }),
      ),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'bob' } });
    // Cara's row is not what "bob" finds: meanwhile it is covered and marked busy.
    await waitFor(() => expect(rows).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText('cara@acme.test')).toBeInTheDocument();
    answer();
    await waitFor(() => expect(rows).toHaveAttribute('aria-busy', 'false'));
    expect(screen.queryByText('cara@acme.test')).toBeNull();
  });
});
