import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import InvitationScreen from './invitation-screen';

const TOKEN = 'invitation-token-0123456789abcdef';
const invitation = (invitedBy: { firstName: string; lastName: string } | null) => ({
  email: 'nina@example.org',
  firstName: null,
  lastName: null,
  company: { uuid: '22222222-2222-4222-8222-222222222222', name: 'Acme Corp', subDomain: 'acme', logo: null },
  invitedBy,
  existingUser: false,
  expiresAt: '2030-01-01T00:00:00.000Z',
});

const open = (answer: ReturnType<typeof invitation>) => {
  server.use(http.get(`${ORIGIN}/api/invitations/by-token/${TOKEN}`, () => HttpResponse.json(answer)));
  renderScreen(
    <Routes>
      <Route path="/invitations/:token" element={<InvitationScreen />} />
    </Routes>,
    `/invitations/${TOKEN}`,
  );
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => sessionStore.reset({ status: 'signedOut' }));
afterEach(async () => {
  // Unmounted first: a language change refetches the invitation (the server's messages are translated).
  cleanup();
  server.resetHandlers();
  await setLanguage('en', false);
});

describe('invitation page', () => {
  it('says who sent the invitation, under the page heading', async () => {
    open(invitation({ firstName: 'Ada', lastName: 'Adams' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Corp' })).toBeInTheDocument();
    expect(screen.getByTestId('invitation-inviter')).toHaveTextContent('Ada Adams invited you to join Acme Corp.');
    expect(screen.getByText('Invitation for nina@example.org')).toBeInTheDocument();
  });

  it('names the inviter in the chosen language (Arabic)', async () => {
    await setLanguage('ar', false);
    open(invitation({ firstName: 'Ada', lastName: 'Adams' }));
    expect(await screen.findByTestId('invitation-inviter')).toHaveTextContent('دعاك Ada Adams للانضمام إلى Acme Corp.');
  });

  it('leaves the line out when nobody is named (inviter deleted, import without one)', async () => {
    open(invitation(null));
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Corp' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create my account and join' })).toBeInTheDocument();
    expect(screen.queryByTestId('invitation-inviter')).toBeNull();
    expect(screen.queryByText(/invited you/)).toBeNull();
  });

  it('signed in as someone else, says the invitation is for another address and signs out in place', async () => {
    sessionStore.reset({
      status: 'ready',
      user: {
        uuid: '11111111-1111-4111-8111-111111111111',
        email: 'bob@example.com',
        firstName: 'Bob',
        lastName: 'Brown',
        phone: null,
        avatar: null,
        language: null,
        roles: [],
        companyUuids: [],
      },
    });
    open(invitation({ firstName: 'Ada', lastName: 'Adams' }));
    expect(await screen.findByTestId('invitation-other-account')).toHaveTextContent(
      'This invitation is for nina@example.org. Sign out, then sign in or create an account with that address to accept it.',
    );
    expect(screen.queryByRole('button', { name: 'Accept and join' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Create my account and join' })).toBeInTheDocument();
    expect(screen.getByText('Invitation for nina@example.org')).toBeInTheDocument();
  });
});
