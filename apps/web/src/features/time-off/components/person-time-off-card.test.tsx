import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import { PersonTimeOffCard } from './person-time-off-card';

const BOB = '10000000-0000-4000-8000-000000000002';
const REQUEST = '10000000-0000-4000-8000-000000000009';
const request = (status: string, canCancel: boolean) => ({
  uuid: REQUEST,
  person: { uuid: BOB, firstName: 'Bob', lastName: 'Brown' },
  type: { uuid: '10000000-0000-4000-8000-000000000003', name: 'Sick leave', color: '#e03131', unit: 'days' },
  startDate: '2026-11-30',
  endDate: '2026-12-04',
  startHalf: true,
  endHalf: false,
  amount: 4.5,
  note: null,
  status,
  decidedBy: null,
  decidedAt: null,
  comment: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  canCancel,
  canDecide: false,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

describe("a person's time off on their record, for an admin", () => {
  it("lists that person's requests and cancels an approved one already under way, once asked", async () => {
    const asked: string[] = [];
    const cancelled: string[] = [];
    let status = 'approved';
    server.use(
      http.get(`${ORIGIN}/api/time-off/requests`, ({ request: r }) => {
        asked.push(new URL(r.url).searchParams.get('userUuid') ?? '');
        return HttpResponse.json({
          data: [request(status, status === 'approved')],
          page: 1,
          itemsPerPage: 10,
          totalItems: 1,
        });
      }),
      http.post(`${ORIGIN}/api/time-off/requests/${REQUEST}/cancel`, () => {
        cancelled.push(REQUEST);
        status = 'cancelled';
        return HttpResponse.json(request('cancelled', false));
      }),
    );
    const user = userEvent.setup();
    renderScreen(<PersonTimeOffCard userUuid={BOB} name="Bob Brown" />);
    const card = await screen.findByTestId('person-time-off');
    expect(within(card).getByRole('heading', { name: 'Time off of Bob Brown' })).toBeInTheDocument();
    const row = await within(card).findByTestId('request-row');
    expect(asked[0]).toBe(BOB);
    expect(row).toHaveTextContent('Sick leave');
    // Which half of its half day, in the form's words.
    expect(row).toHaveTextContent('Start at mid-day');
    expect(row).not.toHaveTextContent('End at mid-day');
    await user.click(within(row).getByRole('button', { name: /^Cancel/ }));
    const dialog = await screen.findByRole('dialog');
    expect(cancelled).toEqual([]);
    await user.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(cancelled).toEqual([REQUEST]));
    await waitFor(() => expect(within(card).getByText('Cancelled')).toBeInTheDocument());
  });
});
