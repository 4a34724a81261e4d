import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onToast, type ToastRequest } from '../../lib/notify';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import JoinScreen from './join-screen';

const REQUEST = {
  uuid: '88888888-8888-4888-8888-888888888888',
  status: 'pending',
  message: null,
  createdAt: '2026-08-25T06:27:12.000Z',
  respondedAt: null,
  user: { uuid: '11111111-1111-4111-8111-111111111111', email: 'rae@else.test', firstName: 'Rae', lastName: 'Ray' },
  company: { uuid: '22222222-2222-4222-8222-222222222222', name: 'Acme Corp', subDomain: 'acme' },
};

let status = 'pending';
let posted: string[] = [];
let toasts: ToastRequest[] = [];
let stop: () => void;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  status = 'pending';
  posted = [];
  toasts = [];
  stop = onToast((t) => toasts.push(t));
  sessionStore.reset({ status: 'ready', profiles: [] });
  server.use(
    http.get(`${ORIGIN}/api/join-requests/mine`, () =>
      HttpResponse.json({ data: [{ ...REQUEST, status }], page: 1, itemsPerPage: 10, totalItems: 1 }),
    ),
    http.post(`${ORIGIN}/api/join-requests/:uuid/withdraw`, ({ params }) => {
      posted.push(String(params.uuid));
      status = 'withdrawn';
      return HttpResponse.json({ ...REQUEST, status });
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  stop();
  sessionStore.reset({ status: 'signedOut' });
});

describe('join screen', () => {
  it('withdraws a pending request from its row', async () => {
    const user = userEvent.setup();
    renderScreen(<JoinScreen />, '/join');
    const button = await screen.findByRole('button', { name: 'Withdraw my request to join Acme Corp' });
    await user.click(button);
    await waitFor(() => expect(posted).toEqual([REQUEST.uuid]));
    const table = screen.getByTestId('my-join-requests');
    await waitFor(() => expect(within(table).getByText('Withdrawn')).toBeInTheDocument());
    expect(within(table).queryByRole('button', { name: /Withdraw/ })).toBeNull();
    expect(toasts.map((t) => t.message)).toEqual(['Your request was withdrawn.']);
  });

  it('says plainly when one is already a member, and what to do after "Sorry, no Space exists."', async () => {
    let code = 'ALREADY_MEMBER';
    server.use(
      http.post(`${ORIGIN}/api/join-requests`, () =>
        HttpResponse.json(
          {
            code,
            message:
              code === 'ALREADY_MEMBER' ? 'This person is already a member of the company.' : 'Sorry, no Space exists.',
          },
          { status: code === 'ALREADY_MEMBER' ? 409 : 404 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<JoinScreen />, '/join');
    await user.type(screen.getByRole('textbox', { name: /Sub-domain/ }), 'acme');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByTestId('join-error')).toHaveTextContent('You are already a member of this company');
    code = 'COMPANY_NOT_FOUND';
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(screen.getByTestId('join-error')).toHaveTextContent('Sorry, no Space exists.'));
    expect(screen.getByTestId('join-error')).toHaveTextContent('Check the sub-domain with someone at that company');
    expect(toasts).toEqual([]);
  });
});
