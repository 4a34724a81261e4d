import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import type { Profile } from '../../lib/session/start';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import ProfileScreen from './profile-screen';

const USER = {
  uuid: '11111111-1111-4111-8111-111111111111',
  email: 'bob@example.com',
  firstName: 'Bob',
  lastName: 'Brown',
  phone: null,
  avatar: null,
  language: null,
  roles: [],
  companyUuids: ['22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'],
};
const membership = (n: number, name: string, enabled: boolean): Profile => ({
  uuid: `4444444${n}-4444-4444-8444-444444444444`,
  enabled,
  roles: [{ name: 'member' }],
  company: {
    uuid: `${n}${n}${n}${n}${n}${n}${n}${n}-2222-4222-8222-222222222222`,
    name,
    logo: null,
    subDomain: name.toLowerCase(),
    enabled: true,
  },
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  sessionStore.reset();
  await setLanguage('en', false);
});

describe('profile: my companies', () => {
  it('says which of my memberships is disabled, as the company switcher does (Portuguese)', async () => {
    await setLanguage('pt', false);
    const acme = membership(2, 'Acme', true);
    sessionStore.reset({
      status: 'ready',
      user: USER,
      profiles: [acme, membership(3, 'Globex', false)],
      current: acme,
    });
    server.use(http.get(`${ORIGIN}/api/profile`, () => HttpResponse.json({ ...USER, version: 1 })));
    renderScreen(<ProfileScreen tab="account" />, '/profile');
    const globex = (await screen.findByText('Globex')).closest('li') as HTMLElement;
    expect(within(globex).getByText('Desativada')).toBeInTheDocument();
    const acmeRow = screen.getByText('Acme').closest('li') as HTMLElement;
    expect(within(acmeRow).getByText('Membro')).toBeInTheDocument();
    expect(within(acmeRow).queryByText('Desativada')).toBeNull();
  });
});

describe('profile: editing', () => {
  it('shows the server refusal of a field on that field', async () => {
    const acme = membership(2, 'Acme', true);
    sessionStore.reset({ status: 'ready', user: USER, profiles: [acme], current: acme });
    server.use(
      http.get(`${ORIGIN}/api/profile`, () => HttpResponse.json({ ...USER, version: 1 })),
      http.patch(`${ORIGIN}/api/profile`, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            issues: [{ path: 'body.phone', code: 'phone', message: 'Enter a phone number.' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<ProfileScreen tab="account" />, '/profile');
    const phone = await screen.findByLabelText('Phone');
    await user.type(phone, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a phone number.')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('profile: sessions', () => {
  const session = (n: number, companySubDomain: string | null, current: boolean) => ({
    uuid: `5555555${n}-5555-4555-8555-555555555555`,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    ip: '127.0.0.1',
    createdAt: '2026-11-29T04:55:00.000Z',
    lastUsedAt: '2026-11-29T04:56:00.000Z',
    current,
    companySubDomain,
  });

  it('names where each session was opened: the company by its name, or the sign-in page (German)', async () => {
    await setLanguage('de', false);
    const acme = membership(2, 'Acme', true);
    sessionStore.reset({ status: 'ready', user: USER, profiles: [acme], current: acme });
    server.use(
      http.get(`${ORIGIN}/api/jwt/sessions`, () =>
        HttpResponse.json({
          data: [session(1, 'acme', true), session(2, null, true), session(3, 'gone', false)],
          page: 1,
          itemsPerPage: 10,
          totalItems: 3,
        }),
      ),
    );
    renderScreen(<ProfileScreen tab="sessions" />, '/profile/sessions');
    const table = await screen.findByTestId('sessions-table');
    expect(within(table).getByRole('columnheader', { name: 'Geöffnet auf' })).toBeInTheDocument();
    const rows = await within(table).findAllByRole('row');
    // Header, then one row per session, in the answer's order.
    expect(within(rows[1]!).getByText('Acme')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('acme')).toBeNull();
    expect(within(rows[2]!).getByText('Anmeldeseite (jedes Ihrer Unternehmen)')).toBeInTheDocument();
    // A company no longer among mine keeps its address, the only name the session knows.
    expect(within(rows[3]!).getByText('gone')).toBeInTheDocument();
  });
});
