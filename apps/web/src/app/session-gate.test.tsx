import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { browser } from '../lib/browser';
import { queryClient } from '../lib/query-client';
import type { Profile } from '../lib/session/start';
import { sessionStore } from '../lib/session/store';
import { renderScreen } from '../test/render';
import { ORIGIN, server } from '../test/server';
import { DisabledNotice } from '../components/disabled-notice';
import { RequireSession, SessionGate } from './session-gate';

const USER = {
  uuid: '11111111-1111-4111-8111-111111111111',
  email: 'bob@example.com',
  firstName: 'Bob',
  lastName: 'Brown',
  phone: null,
  avatar: null,
  language: null,
  roles: [],
  companyUuids: ['22222222-2222-4222-8222-222222222222'],
};
const GLOBEX: Profile = {
  uuid: '44444444-4444-4444-8444-444444444444',
  enabled: false,
  roles: [{ name: 'member' }],
  company: {
    uuid: '22222222-2222-4222-8222-222222222222',
    name: 'Globex',
    logo: null,
    subDomain: 'globex',
    enabled: true,
  },
};

let posted: unknown[] = [];

/** The app's gates around a console route and /join, as the router nests them. */
const renderAt = (path: string) =>
  renderScreen(
    <Routes>
      <Route element={<SessionGate />}>
        <Route element={<RequireSession />}>
          <Route index element={<p>dashboard</p>} />
          <Route path="join" element={<p>join inside the console frame</p>} />
        </Route>
      </Route>
    </Routes>,
    path,
  );

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  posted = [];
  sessionStore.reset({ status: 'ready', user: USER, profiles: [GLOBEX], current: GLOBEX, disabled: true });
  server.use(
    http.get(`${ORIGIN}/api/join-requests/mine`, () =>
      HttpResponse.json({ data: [], page: 1, itemsPerPage: 10, totalItems: 0 }),
    ),
    http.post(`${ORIGIN}/api/join-requests`, async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({}, { status: 201 });
    }),
  );
});
afterEach(async () => {
  server.resetHandlers();
  queryClient.clear();
  await setLanguage('en', false);
});

describe('disabled membership', () => {
  it('the notice links to /join, which opens the join form by keyboard, outside the console frame', async () => {
    const user = userEvent.setup();
    renderAt('/');
    // The notice is a lazy chunk with its own namespace: on a loaded machine it takes more than 1 s.
    expect(await screen.findByTestId('disabled-notice', {}, { timeout: 5000 })).toHaveTextContent(
      'Your account has been disabled.',
    );
    expect(screen.queryByText('dashboard')).toBeNull();
    const link = screen.getByRole('link', { name: 'Ask to join another company' });
    expect(link).toHaveAttribute('href', '/join');

    link.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join a company' })).toBeInTheDocument();
    expect(screen.queryByText('join inside the console frame')).toBeNull();
    expect(
      await within(screen.getByTestId('my-join-requests')).findByText('You have not asked to join a company.'),
    ).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Sub-domain/ }), 'initech{Enter}');
    await expect.poll(() => posted).toEqual([{ subDomain: 'initech' }]);

    screen.getByRole('link', { name: 'Back' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('disabled-notice', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('the link reads in the chosen language (German)', async () => {
    await setLanguage('de', false);
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Beitritt zu einem anderen Unternehmen anfragen' })).toHaveAttribute(
      'href',
      '/join',
    );
  });

  it('an enabled membership keeps /join inside the console frame', async () => {
    sessionStore.set({ disabled: false, current: { ...GLOBEX, enabled: true } });
    renderAt('/join');
    expect(await screen.findByText('join inside the console frame')).toBeInTheDocument();
    expect(screen.queryByTestId('disabled-notice')).toBeNull();
  });
});

describe('a disabled membership enabled again', () => {
  it('the notice asks the server again while it is seen, and stops once it is gone', async () => {
    // The server refuses a disabled member's socket: an admin enabling him again sends nothing live.
    let renewals = 0;
    server.use(
      http.post(`${ORIGIN}/api/jwt/refresh-token`, () => {
        renewals++;
        return HttpResponse.json({
          accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJ1dWlkIjoiMSJ9.c2lnbmF0dXJl',
          tokenType: 'Bearer',
          expiresIn: 900,
          user: USER,
        });
      }),
      http.get(`${ORIGIN}/api/users/:uuid/user_company_profiles`, () =>
        HttpResponse.json({ data: [GLOBEX], page: 1, itemsPerPage: 50, totalItems: 1 }),
      ),
      // This test's page is on the base domain, so a session read moves to the company's address.
      http.post(`${ORIGIN}/api/jwt/switch-code`, () =>
        HttpResponse.json({ code: 'one-time-code-0123456789', expiresIn: 60, subDomain: 'globex' }),
      ),
    );
    const assign = browser.assign;
    browser.assign = () => {};
    const view = renderScreen(<DisabledNotice recheckMs={100} />);
    expect(await screen.findByTestId('disabled-notice', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(renewals).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    view.unmount();
    const after = renewals;
    await new Promise((r) => setTimeout(r, 300));
    expect(renewals).toBe(after);
    browser.assign = assign;
  });
});
