import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { signInAs } from '../../test/session';
import { ORIGIN, server } from '../../test/server';
import TimeOffScreen from './time-off-screen';

const VACATION = '40000000-0000-4000-8000-000000000001';
const balances = {
  userUuid: '10000000-0000-4000-8000-000000000001',
  data: [
    {
      type: {
        uuid: VACATION,
        name: 'Vacation',
        color: '#1c7ed6',
        unit: 'days',
        paid: true,
        allowNegative: false,
        needsApproval: true,
      },
      balance: 23,
      pending: 3,
      available: 20,
    },
  ],
};
const request = (over: object = {}) => ({
  uuid: '50000000-0000-4000-8000-000000000001',
  person: { uuid: '10000000-0000-4000-8000-000000000002', firstName: 'Bob', lastName: 'Brown' },
  type: { uuid: VACATION, name: 'Vacation', color: '#1c7ed6', unit: 'days' },
  startDate: '2027-03-02',
  endDate: '2027-03-04',
  startHalf: false,
  endHalf: false,
  amount: 3,
  note: 'Family visit',
  status: 'pending',
  decidedBy: null,
  decidedAt: null,
  comment: null,
  createdAt: '2027-02-01T10:00:00.000Z',
  canDecide: true,
  canCancel: true,
  ...over,
});
/** The address's query, where the screen keeps its tab. */
const Search = () => <output data-testid="search">{useLocation().search}</output>;
const page = (data: object[]) => ({ data, page: 1, itemsPerPage: 10, totalItems: data.length });

/** Picks a day in the request dialog's calendar (it opens in a dialog of its own, above the request dialog). */
const pickDay = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, field: RegExp, day: string) => {
  await user.click(within(dialog).getByRole('button', { name: field }));
  // (For jsdom a calendar is mid-transition, so its buttons are found with `hidden`; the one just
  // opened is the last in the page.)
  const last = (name: string) => screen.queryAllByRole('button', { name, hidden: true }).at(-1);
  for (let i = 0; i < 24 && !last(day); i++) await user.click(last('Next month')!);
  await user.click(last(day)!);
};

/** The screen's reads as a member sees them, or an approver with Bob's request to decide; `more` answer first. */
const serveTimeOff = (o: { approver?: boolean; requests?: object[] }, ...more: HttpHandler[]) =>
  server.use(
    ...more,
    http.get(`${ORIGIN}/api/time-off/balances`, () => HttpResponse.json(balances)),
    http.get(`${ORIGIN}/api/time-off/requests`, () => HttpResponse.json(page(o.requests ?? []))),
    http.get(`${ORIGIN}/api/time-off/ledger`, () => HttpResponse.json(page([]))),
    http.get(`${ORIGIN}/api/time-off/approvals/count`, () =>
      HttpResponse.json({ pending: o.approver ? 1 : 0, isApprover: !!o.approver }),
    ),
    ...(o.approver ? [http.get(`${ORIGIN}/api/time-off/approvals`, () => HttpResponse.json(page([request()])))] : []),
  );

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
});

describe('time off screen', () => {
  it('shows balances, counts the working days before sending, and sends the request', async () => {
    signInAs(['member']);
    const sent: unknown[] = [];
    server.use(
      http.get(`${ORIGIN}/api/time-off/balances`, () => HttpResponse.json(balances)),
      http.get(`${ORIGIN}/api/time-off/requests`, () => HttpResponse.json(page([request({ canDecide: false })]))),
      http.get(`${ORIGIN}/api/time-off/ledger`, () =>
        HttpResponse.json(
          page([
            {
              uuid: '60000000-0000-4000-8000-000000000001',
              type: { uuid: VACATION, name: 'Vacation', color: '#1c7ed6', unit: 'days' },
              kind: 'grant',
              amount: 25,
              effectiveDate: '2027-01-01',
              reason: null,
              requestUuid: null,
              createdBy: null,
              createdAt: '2027-01-01T00:00:00.000Z',
            },
            {
              // A day given back because a public holiday was added after the leave was approved.
              uuid: '60000000-0000-4000-8000-000000000002',
              type: { uuid: VACATION, name: 'Vacation', color: '#1c7ed6', unit: 'days' },
              kind: 'taken',
              amount: 1,
              effectiveDate: '2027-01-18',
              reason: 'recounted',
              requestUuid: '60000000-0000-4000-8000-000000000009',
              createdBy: null,
              createdAt: '2027-01-02T00:00:00.000Z',
            },
          ]),
        ),
      ),

      http.get(`${ORIGIN}/api/time-off/approvals/count`, () => HttpResponse.json({ pending: 0, isApprover: false })),
      http.post(`${ORIGIN}/api/time-off/requests/preview`, () =>
        HttpResponse.json({
          unit: 'days',
          amount: 2.5,
          days: [
            { date: '2027-04-05', amount: 1 },
            { date: '2027-04-06', amount: 1 },
            { date: '2027-04-07', amount: 0.5 },
          ],
          available: 20,
        }),
      ),
      http.post(`${ORIGIN}/api/time-off/requests`, async ({ request: r }) => {
        sent.push(await r.json());
        return HttpResponse.json(request({ startDate: '2027-04-05', endDate: '2027-04-07', amount: 2.5 }), {
          status: 201,
        });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<TimeOffScreen />, '/time-off');
    expect(await screen.findByText('20 days')).toBeInTheDocument();
    expect(screen.getByText('Balance 23 days · pending 3 days')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    // The ledger the balance is the sum of.
    expect(await screen.findByText('Grant')).toBeInTheDocument();
    expect(screen.getByText('Counted again (holidays or schedule changed)')).toBeInTheDocument();
    expect(screen.getByText('+25 days')).toBeInTheDocument();
    // Not an approver: no approvals or calendar tabs.
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Request time off' }));
    const dialog = await screen.findByRole('dialog');
    // The days are picked from a calendar written in the reader's language (here English).
    await pickDay(user, dialog, /First day/, 'Monday, April 5, 2027');
    await pickDay(user, dialog, /Last day/, 'Wednesday, April 7, 2027');
    await user.click(within(dialog).getByRole('checkbox', { name: 'End at mid-day' }));
    expect(await within(dialog).findByText('This takes 2.5 days (available: 20 days).')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { typeUuid: VACATION, startDate: '2027-04-05', endDate: '2027-04-07', startHalf: false, endHalf: true },
    ]);
  });

  it('says why a range is refused: the reason of the field, not only that a field is wrong', async () => {
    signInAs(['member']);
    const refused = 'This date is out of the supported range (2000–2100, at most a year at a time).';
    serveTimeOff(
      {},
      http.post(`${ORIGIN}/api/time-off/requests/preview`, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            issues: [{ path: 'body.endDate', code: 'dateRange', message: refused }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<TimeOffScreen />, '/time-off');
    await user.click(await screen.findByRole('button', { name: 'Request time off' }));
    const dialog = await screen.findByRole('dialog');
    await pickDay(user, dialog, /First day/, 'Monday, April 5, 2027');
    await pickDay(user, dialog, /Last day/, 'Wednesday, April 7, 2027');
    expect(await within(dialog).findByText(refused)).toBeInTheDocument();
  });

  it('says the days are missing only until they are picked', async () => {
    signInAs(['member']);
    serveTimeOff(
      {},
      http.post(`${ORIGIN}/api/time-off/requests/preview`, () =>
        HttpResponse.json({ unit: 'days', amount: 1, days: [{ date: '2027-04-05', amount: 1 }], available: 20 }),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<TimeOffScreen />, '/time-off');
    await user.click(await screen.findByRole('button', { name: 'Request time off' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Pick the first and last day.');
    await pickDay(user, dialog, /First day/, 'Monday, April 5, 2027');
    expect(await within(dialog).findByText('This takes 1 day (available: 20 days).')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says before sending when a type that may go negative takes the balance below zero', async () => {
    signInAs(['member']);
    let available = 10;
    serveTimeOff(
      {},
      http.post(`${ORIGIN}/api/time-off/requests/preview`, () =>
        HttpResponse.json({ unit: 'days', amount: 14, days: [{ date: '2027-04-05', amount: 14 }], available }),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<TimeOffScreen />, '/time-off');
    await user.click(await screen.findByRole('button', { name: 'Request time off' }));
    let dialog = await screen.findByRole('dialog');
    await pickDay(user, dialog, /First day/, 'Monday, April 5, 2027');
    expect(await within(dialog).findByTestId('time-off-below-zero')).toHaveTextContent(
      'This takes your balance below zero: -4 days once it is taken.',
    );
    // Enough left: nothing to say.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    available = 20;
    await user.click(await screen.findByRole('button', { name: 'Request time off' }));
    dialog = await screen.findByRole('dialog');
    await pickDay(user, dialog, /First day/, 'Tuesday, April 6, 2027');
    expect(await within(dialog).findByText('This takes 14 days (available: 20 days).')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('time-off-below-zero')).toBeNull();
  });

  it('keeps one half of a one-day request: the other half shows unticked and greyed, and what is sent is what is shown', async () => {
    signInAs(['member']);
    const sent: unknown[] = [];
    serveTimeOff(
      {},
      http.post(`${ORIGIN}/api/time-off/requests/preview`, () =>
        HttpResponse.json({ unit: 'days', amount: 0.5, days: [{ date: '2027-04-05', amount: 0.5 }], available: 20 }),
      ),
      http.post(`${ORIGIN}/api/time-off/requests`, async ({ request: r }) => {
        sent.push(await r.json());
        return HttpResponse.json(request({ startDate: '2027-04-05', endDate: '2027-04-05', amount: 0.5 }), {
          status: 201,
        });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<TimeOffScreen />, '/time-off');
    const open = async () => {
      await user.click(await screen.findByRole('button', { name: 'Request time off' }));
      return screen.findByRole('dialog');
    };
    const halves = (dialog: HTMLElement) => ({
      start: within(dialog).getByRole('checkbox', { name: 'Start at mid-day' }),
      end: within(dialog).getByRole('checkbox', { name: 'End at mid-day' }),
    });
    const send = async (dialog: HTMLElement) => {
      await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };

    // One day, its morning: the afternoon's box is greyed out, unticked, and says why.
    let dialog = await open();
    await pickDay(user, dialog, /First day/, 'Monday, April 5, 2027');
    await user.click(halves(dialog).end);
    await user.click(halves(dialog).start);
    expect(halves(dialog).end).toBeChecked();
    expect(halves(dialog).start).not.toBeChecked();
    expect(halves(dialog).start).toBeDisabled();
    expect(halves(dialog).start).toHaveAccessibleDescription('A one-day request cannot both start and end at mid-day.');
    await send(dialog);

    // Both halves of a longer request, then shortened to one day: the last day's half is dropped, visibly.
    dialog = await open();
    await pickDay(user, dialog, /First day/, 'Monday, April 5, 2027');
    await pickDay(user, dialog, /Last day/, 'Wednesday, April 7, 2027');
    await user.click(halves(dialog).end);
    await user.click(halves(dialog).start);
    await pickDay(user, dialog, /Last day/, 'Monday, April 5, 2027');
    expect(halves(dialog).start).toBeChecked();
    expect(halves(dialog).end).not.toBeChecked();
    expect(halves(dialog).end).toBeDisabled();
    // Longer again: the dropped half stays dropped rather than coming back on its own.
    await pickDay(user, dialog, /Last day/, 'Wednesday, April 7, 2027');
    expect(halves(dialog).end).not.toBeChecked();
    await pickDay(user, dialog, /Last day/, 'Monday, April 5, 2027');
    await send(dialog);

    expect(sent).toEqual([
      { typeUuid: VACATION, startDate: '2027-04-05', endDate: '2027-04-05', startHalf: false, endHalf: true },
      { typeUuid: VACATION, startDate: '2027-04-05', endDate: '2027-04-05', startHalf: true, endHalf: false },
    ]);
  });

  it('asks before cancelling a request, naming its dates', async () => {
    signInAs(['member']);
    const cancelled: unknown[] = [];
    serveTimeOff(
      { requests: [request({ canDecide: false })] },
      http.post(`${ORIGIN}/api/time-off/requests/:uuid/cancel`, ({ params }) => {
        cancelled.push(params.uuid);
        return HttpResponse.json(request({ status: 'cancelled', canCancel: false }));
      }),
    );
    const user = userEvent.setup();
    renderScreen(<TimeOffScreen />, '/time-off');
    const cancel = await screen.findByRole('button', { name: /^Cancel request: Mar 2\s–\s4, 2027$/ });

    // Kept: nothing is sent.
    await user.click(cancel);
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    expect(dialog).toHaveTextContent(
      // (Intl writes a range's dash between thin spaces.)
      /Your \u2068Vacation\u2069 request for \u2068Mar 2\s–\s4, 2027\u2069 will be cancelled\. This cannot be undone\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelled).toEqual([]);

    // Confirmed: cancelled.
    await user.click(cancel);
    dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelled).toEqual([request().uuid]);
  });

  it('writes a negative balance and a taken row of the ledger with the same minus', async () => {
    signInAs(['member']);
    const vacation = balances.data[0]!;
    server.use(
      http.get(`${ORIGIN}/api/time-off/balances`, () =>
        HttpResponse.json({
          ...balances,
          data: [
            { ...vacation, type: { ...vacation.type, allowNegative: true }, balance: -4, pending: 0, available: -4 },
          ],
        }),
      ),
      http.get(`${ORIGIN}/api/time-off/requests`, () => HttpResponse.json(page([]))),
      http.get(`${ORIGIN}/api/time-off/ledger`, () =>
        HttpResponse.json(
          page([
            {
              uuid: '60000000-0000-4000-8000-000000000002',
              type: { uuid: VACATION, name: 'Vacation', color: '#1c7ed6', unit: 'days' },
              kind: 'taken',
              amount: -14,
              effectiveDate: '2027-02-01',
              reason: null,
              requestUuid: null,
              createdBy: null,
              createdAt: '2027-02-01T00:00:00.000Z',
            },
          ]),
        ),
      ),
      http.get(`${ORIGIN}/api/time-off/approvals/count`, () => HttpResponse.json({ pending: 0, isApprover: false })),
    );
    renderScreen(<TimeOffScreen />, '/time-off');
    expect(await screen.findByText('Balance -4 days · pending 0 days')).toBeInTheDocument();
    expect(await within(screen.getByTestId('time-off-ledger')).findByText('-14 days')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('\u2212');
  });

  it('lets an approver approve with a comment', async () => {
    signInAs(['admin']);
    const decided: unknown[] = [];
    serveTimeOff(
      { approver: true },
      http.post(`${ORIGIN}/api/time-off/requests/:uuid/approve`, async ({ request: r, params }) => {
        decided.push([params.uuid, await r.json()]);
        return HttpResponse.json(request({ status: 'approved', canDecide: false }));
      }),
    );
    const user = userEvent.setup();
    renderScreen(<TimeOffScreen />, '/time-off');
    await user.click(await screen.findByRole('tab', { name: /Approvals/ }));
    await user.click(await screen.findByRole('button', { name: /^Approve the request of Bob Brown, / }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Enjoy');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decided).toEqual([[request().uuid, { comment: 'Enjoy' }]]));
  });

  it('says at the comment that it is too long, and sends nothing', async () => {
    signInAs(['admin']);
    const decided: unknown[] = [];
    serveTimeOff(
      { approver: true },
      http.post(`${ORIGIN}/api/time-off/requests/:uuid/approve`, async ({ request: r }) => {
        decided.push(await r.json());
        return HttpResponse.json(request({ status: 'approved', canDecide: false }));
      }),
    );
    const user = userEvent.setup();
    renderScreen(<TimeOffScreen />, '/time-off');
    await user.click(await screen.findByRole('tab', { name: /Approvals/ }));
    await user.click(await screen.findByRole('button', { name: /^Approve the request of Bob Brown, / }));
    const dialog = await screen.findByRole('dialog');
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' });
    await user.click(comment);
    await user.paste('x'.repeat(1001));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('This value is too long: at most 1,000 characters.')).toBeInTheDocument();
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(decided).toEqual([]);
  });

  it('starts each decision with an empty comment: a cancelled decline does not lend its reason to an approval', async () => {
    signInAs(['admin']);
    const decided: unknown[] = [];
    serveTimeOff(
      { approver: true },
      http.post(`${ORIGIN}/api/time-off/requests/:uuid/approve`, async ({ request: r }) => {
        decided.push(await r.json());
        return HttpResponse.json(request({ status: 'approved', canDecide: false }));
      }),
    );
    const user = userEvent.setup();
    renderScreen(<TimeOffScreen />, '/time-off');
    await user.click(await screen.findByRole('tab', { name: /Approvals/ }));
    await user.click(await screen.findByRole('button', { name: /^Decline the request of Bob Brown, / }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Too busy that week');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: /^Approve the request of Bob Brown, / }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decided).toEqual([{}]));
  });

  it('keeps the chosen tab in the address: a reload opens it again, and choosing another writes it', async () => {
    signInAs(['admin']);
    serveTimeOff({ approver: true });
    const user = userEvent.setup();
    renderScreen(
      <>
        <TimeOffScreen />
        <Search />
      </>,
      '/time-off?tab=approvals',
    );
    expect(await screen.findByRole('tab', { name: /Approvals/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: /^Approve the request of Bob Brown, / })).toBeInTheDocument();
    // The note, typed in any language, is isolated (an English note in Arabic read ".visit Family" punctuation-first).
    expect(screen.getByText('Family visit').tagName).toBe('BDI');

    await user.click(screen.getByRole('tab', { name: 'My time off' }));
    expect(screen.getByRole('tab', { name: 'My time off' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
    await user.click(screen.getByRole('tab', { name: /Approvals/ }));
    expect(screen.getByTestId('search')).toHaveTextContent('?tab=approvals');
  });
});
