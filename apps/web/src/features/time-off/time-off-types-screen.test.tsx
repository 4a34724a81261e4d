import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { signInAs } from '../../test/session';
import { ORIGIN, server } from '../../test/server';
import TimeOffTypesScreen from './time-off-types-screen';

const row = {
  uuid: '30000000-0000-4000-8000-000000000001',
  name: 'First',
  color: '#1c7ed6',
  paid: true,
  unit: 'days',
  yearlyAllowance: 25,
  accrual: 'yearly',
  carryOverCap: 5,
  needsApproval: true,
  allowNegative: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
});

describe('time-off-types screen', () => {
  it('lists, creates, edits and deletes for a company admin', async () => {
    signInAs(['admin']);
    const calls: string[] = [];
    server.use(
      http.get(`${ORIGIN}/api/time-off-types`, () =>
        HttpResponse.json({ data: [row], page: 1, itemsPerPage: 10, totalItems: 1 }),
      ),
      http.post(`${ORIGIN}/api/time-off-types`, async ({ request }) => {
        calls.push(`POST ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(
          { ...row, uuid: '30000000-0000-4000-8000-000000000002', name: 'Second' },
          { status: 201 },
        );
      }),
      http.patch(`${ORIGIN}/api/time-off-types/:uuid`, async ({ request }) => {
        calls.push(`PATCH ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ ...row, name: 'Renamed', version: 4 });
      }),
      http.delete(`${ORIGIN}/api/time-off-types/:uuid`, ({ request }) => {
        calls.push(`DELETE ${new URL(request.url).search}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<TimeOffTypesScreen />, '/time-off-types');
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(screen.getByText('25 days')).toBeInTheDocument();
    expect(screen.getByText('5 days')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New time-off type' }));
    let dialog = await screen.findByRole('dialog');
    // When the days arrive is said beside the choice (a new type showed everyone 0 days).
    expect(within(dialog).getByText(/A type made during the year grants nothing before then/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    // The refused field takes the focus (it stayed on Save).
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Second');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit First' }));
    dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete First' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual([
      'POST {"name":"Second","color":"#1c7ed6","paid":true,"unit":"days","yearlyAllowance":0,"accrual":"yearly","carryOverCap":0,"needsApproval":true,"allowNegative":false}',
      'PATCH {"version":3,"name":"Renamed","color":"#1c7ed6","paid":true,"unit":"days","yearlyAllowance":25,"accrual":"yearly","carryOverCap":5,"needsApproval":true,"allowNegative":false}',
      'DELETE ?version=3',
    ]);
  });

  it('shows a member the list without any write button', async () => {
    signInAs(['member']);
    server.use(
      http.get(`${ORIGIN}/api/time-off-types`, () =>
        HttpResponse.json({ data: [row], page: 1, itemsPerPage: 10, totalItems: 1 }),
      ),
    );
    renderScreen(<TimeOffTypesScreen />, '/time-off-types');
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New time-off type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit First' })).not.toBeInTheDocument();
  });
});
