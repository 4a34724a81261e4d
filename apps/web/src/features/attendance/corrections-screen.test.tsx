import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rawValuesIn } from '@wac/shared/raw-values';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { signInAs } from '../../test/session';
import { ORIGIN, server } from '../../test/server';
import CorrectionsScreen from './corrections-screen';

const pending = {
  uuid: '40000000-0000-4000-8000-000000000001',
  user: { uuid: '40000000-0000-4000-8000-000000000009', firstName: 'Bob', lastName: 'Baker' },
  entryUuid: '40000000-0000-4000-8000-000000000002',
  kind: 'change',
  before: { clockIn: '2026-11-10T14:05:00.000Z', clockOut: '2026-11-11T00:00:00.000Z' },
  after: { clockIn: '2026-11-10T14:05:00.000Z', clockOut: '2026-11-10T22:15:00.000Z' },
  reason: 'I forgot to clock out',
  status: 'pending',
  comment: null,
  requestedBy: '40000000-0000-4000-8000-000000000009',
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-11T09:00:00.000Z',
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
});

describe('corrections screen', () => {
  it('offers no decision on the signed-in admin’s own request: another admin decides it', async () => {
    signInAs(['admin'], { uuid: pending.user.uuid, email: 'bob@acme.test', firstName: 'Bob', lastName: 'Baker' });
    server.use(
      http.get(`${ORIGIN}/api/attendance/corrections`, () =>
        HttpResponse.json({ data: [pending], page: 1, itemsPerPage: 10, totalItems: 1 }),
      ),
      http.get(`${ORIGIN}/api/attendance/corrections/pending-count`, () => HttpResponse.json({ count: 1 })),
      http.get(`${ORIGIN}/api/attendance/settings`, () =>
        HttpResponse.json({ timeZone: 'America/New_York', weekStart: 1, autoCloseMarginMinutes: 120, version: 1 }),
      ),
    );
    renderScreen(<CorrectionsScreen />, '/attendance/corrections');
    const row = (await screen.findByText('I forgot to clock out')).closest('tr')!;
    expect(within(row).getByTestId('own-request')).toHaveTextContent(/Another administrator decides/);
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('lists pending requests with the count and approves one with a comment', async () => {
    signInAs(['admin']);
    const calls: string[] = [];
    let decided = false;
    server.use(
      http.get(`${ORIGIN}/api/attendance/corrections`, ({ request }) => {
        calls.push(`GET ${new URL(request.url).search}`);
        const data = decided ? [] : [pending];
        return HttpResponse.json({ data, page: 1, itemsPerPage: 10, totalItems: data.length });
      }),
      http.get(`${ORIGIN}/api/attendance/corrections/pending-count`, () =>
        HttpResponse.json({ count: decided ? 0 : 1 }),
      ),
      http.get(`${ORIGIN}/api/attendance/settings`, () =>
        HttpResponse.json({ timeZone: 'America/New_York', weekStart: 1, autoCloseMarginMinutes: 120, version: 1 }),
      ),
      http.post(`${ORIGIN}/api/attendance/corrections/:uuid/approve`, async ({ request, params }) => {
        calls.push(`APPROVE ${params.uuid} ${JSON.stringify(await request.json())}`);
        decided = true;
        return HttpResponse.json({ ...pending, status: 'applied', comment: 'Fine' });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<CorrectionsScreen />, '/attendance/corrections');
    const row = (await screen.findByText('I forgot to clock out')).closest('tr')!;
    expect(calls[0]).toContain('status=pending');
    expect(await screen.findByTestId('pending-count')).toHaveTextContent('Pending: 1');
    // Times on the company's clock (New York: 22:15 UTC is 5:15 PM), not raw instants, and both ends
    // of a span written alike (not "9:05 AM – 05:15 PM"; Intl spaces the AM with a narrow space).
    await waitFor(() => expect(within(row).getByText(/^Nov 10, 2026, 9:05\sAM – 5:15\sPM$/)).toBeInTheDocument());
    expect(within(row).getByText(/^Nov 10, 2026, 9:05\sAM – 7:00\sPM$/)).toBeInTheDocument();
    expect(rawValuesIn(document.body.textContent ?? '', 'en')).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Approve the request of Bob Baker' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Comment (optional)'), 'Fine');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls).toContain(`APPROVE ${pending.uuid} {"comment":"Fine"}`));
    await waitFor(() => expect(screen.getByTestId('pending-count')).toHaveTextContent('Pending: 0'));
  });

  it('isolates a decision’s comment inside its sentence: an English comment in Arabic keeps its full stop at its end', async () => {
    await setLanguage('ar', false);
    try {
      signInAs(['admin']);
      const declined = { ...pending, status: 'declined', comment: 'Not on my list.', decidedBy: pending.requestedBy };
      server.use(
        http.get(`${ORIGIN}/api/attendance/corrections`, () =>
          HttpResponse.json({ data: [declined], page: 1, itemsPerPage: 10, totalItems: 1 }),
        ),
        http.get(`${ORIGIN}/api/attendance/corrections/pending-count`, () => HttpResponse.json({ count: 0 })),
        http.get(`${ORIGIN}/api/attendance/settings`, () =>
          HttpResponse.json({ timeZone: 'America/New_York', weekStart: 1, autoCloseMarginMinutes: 120, version: 1 }),
        ),
      );
      renderScreen(<CorrectionsScreen />, '/attendance/corrections');
      const comment = await screen.findByText((text) => text.includes('Not on my list.'));
      expect(comment.textContent).toContain('\u2068Not on my list.\u2069');
    } finally {
      await setLanguage('en', false);
    }
  });

  it('quotes the request in the reader’s way: French puts a space before the colon', async () => {
    await setLanguage('fr', false);
    try {
      signInAs(['admin']);
      server.use(
        http.get(`${ORIGIN}/api/attendance/corrections`, () =>
          HttpResponse.json({ data: [pending], page: 1, itemsPerPage: 10, totalItems: 1 }),
        ),
        http.get(`${ORIGIN}/api/attendance/corrections/pending-count`, () => HttpResponse.json({ count: 1 })),
        http.get(`${ORIGIN}/api/attendance/settings`, () =>
          HttpResponse.json({ timeZone: 'America/New_York', weekStart: 1, autoCloseMarginMinutes: 120, version: 1 }),
        ),
      );
      const user = userEvent.setup();
      renderScreen(<CorrectionsScreen />, '/attendance/corrections');
      const row = (await screen.findByText('I forgot to clock out')).closest('tr')!;
      await user.click(within(row).getAllByRole('button')[1]!);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Bob Baker : I forgot to clock out')).toBeInTheDocument();
    } finally {
      await setLanguage('en', false);
    }
  });

  it('starts each decision afresh: a cancelled decline leaves neither its comment nor its error behind', async () => {
    signInAs(['admin']);
    const bodies: unknown[] = [];
    server.use(
      http.get(`${ORIGIN}/api/attendance/corrections`, () =>
        HttpResponse.json({ data: [pending], page: 1, itemsPerPage: 10, totalItems: 1 }),
      ),
      http.get(`${ORIGIN}/api/attendance/corrections/pending-count`, () => HttpResponse.json({ count: 1 })),
      http.get(`${ORIGIN}/api/attendance/settings`, () =>
        HttpResponse.json({ timeZone: 'America/New_York', weekStart: 1, autoCloseMarginMinutes: 120, version: 1 }),
      ),
      http.post(`${ORIGIN}/api/attendance/corrections/:uuid/decline`, () =>
        HttpResponse.json({ code: 'PERIOD_LOCKED', message: 'This period is locked.' }, { status: 409 }),
      ),
      http.post(`${ORIGIN}/api/attendance/corrections/:uuid/approve`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...pending, status: 'applied' });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<CorrectionsScreen />, '/attendance/corrections');
    const row = (await screen.findByText('I forgot to clock out')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Decline the request of Bob Baker' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Comment (optional)'), 'Not this time');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This period is locked.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(row).getByRole('button', { name: 'Approve the request of Bob Baker' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Comment (optional)')).toHaveValue('');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(bodies).toEqual([{}]));
  });

  it('says at the comment that it is too long, and sends nothing', async () => {
    signInAs(['admin']);
    const bodies: unknown[] = [];
    serveOne(pending, bodies);
    const user = userEvent.setup();
    renderScreen(<CorrectionsScreen />, '/attendance/corrections');
    const row = (await screen.findByText('I forgot to clock out')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Decline the request of Bob Baker' }));
    const dialog = await screen.findByRole('dialog');
    const comment = within(dialog).getByLabelText('Comment (optional)');
    await user.click(comment);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('This value is too long: at most 500 characters.')).toBeInTheDocument();
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('writes the date of an out that falls on the next day (a shift past midnight)', async () => {
    signInAs(['admin']);
    // Asked for: in 9:00 AM on Nov 23, out 8:00 AM on Nov 24 (New York).
    const overnight = {
      ...pending,
      kind: 'add',
      entryUuid: null,
      before: null,
      after: { clockIn: '2026-11-23T14:00:00.000Z', clockOut: '2026-11-24T13:00:00.000Z' },
    };
    serveOne(overnight, []);
    renderScreen(<CorrectionsScreen />, '/attendance/corrections');
    const row = (await screen.findByText('I forgot to clock out')).closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent(/Nov 23, 2026, 9:00 AM – Nov 24, 2026, 8:00 AM/));
  });

  it('says when a request was asked on the company’s clock, as every other time of its row', async () => {
    signInAs(['admin']);
    // Asked 9:00 UTC: 4:00 AM in New York, the company's zone, whatever the browser's.
    serveOne(pending, []);
    renderScreen(<CorrectionsScreen />, '/attendance/corrections');
    const row = (await screen.findByText('I forgot to clock out')).closest('tr')!;
    await waitFor(() => expect(within(row).getByTestId('correction-asked')).toHaveTextContent('Nov 11, 2026, 4:00 AM'));
  });

  it('stacks each request into a card on a phone instead of scrolling it sideways', async () => {
    signInAs(['admin']);
    serveOne(pending, []);
    renderScreen(<CorrectionsScreen />, '/attendance/corrections');
    const table = await screen.findByTestId('corrections-table');
    // styles.css .stack-table (the end-to-end walk checks the cards on a phone): in a box scrolled
    // sideways, Approve and Decline sat off screen past four columns of times.
    expect(table).toHaveClass('stack-table');
    expect(table.closest('.mantine-ScrollArea-root')).toBeNull();
    expect(within(table).getByTestId('approve')).toBeVisible();
    expect(screen.getByRole('table', { name: 'Corrections' })).toBe(table);
    // The reason, typed in any language, is isolated: an English one in an Arabic card read ".I forgot…".
    expect(within(table).getByText('I forgot to clock out').tagName).toBe('BDI');
  });
});

function serveOne(correction: object, bodies: unknown[]) {
  server.use(
    http.get(`${ORIGIN}/api/attendance/corrections`, () =>
      HttpResponse.json({ data: [correction], page: 1, itemsPerPage: 10, totalItems: 1 }),
    ),
    http.get(`${ORIGIN}/api/attendance/corrections/pending-count`, () => HttpResponse.json({ count: 1 })),
    http.get(`${ORIGIN}/api/attendance/settings`, () =>
      HttpResponse.json({ timeZone: 'America/New_York', weekStart: 1, autoCloseMarginMinutes: 120, version: 1 }),
    ),
    http.post(`${ORIGIN}/api/attendance/corrections/:uuid/:decision`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ ...correction, status: 'declined' });
    }),
  );
}
