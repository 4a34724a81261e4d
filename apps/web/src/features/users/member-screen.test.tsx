import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { ORIGIN, server } from '../../test/server';
import MemberScreen from './member-screen';

const UUID = '00000000-0000-4000-8000-000000000007';
const member = (version: number, roles: string[]) => ({
  uuid: UUID,
  membershipUuid: '10000000-0000-4000-8000-000000000007',
  email: 'vera@acme.test',
  firstName: 'Vera',
  lastName: 'Voss',
  avatar: null,
  roles,
  enabled: true,
  schedulingEnabled: true,
  emailEnabled: false,
  videoCallEnabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  version,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

describe('member screen', () => {
  it('sends the version read; a stale one shows the conflict inline and Reload brings the current values', async () => {
    let current = member(1, ['member']);
    const patches: unknown[] = [];
    server.use(
      http.get(`${ORIGIN}/api/members/${UUID}`, () => HttpResponse.json(current)),
      http.get(`${ORIGIN}/api/members/${UUID}/teams`, () =>
        HttpResponse.json({ data: [{ uuid: '20000000-0000-4000-8000-000000000001', name: 'Sales', isLead: true }] }),
      ),
      http.get(`${ORIGIN}/api/members/${UUID}/sessions`, () => HttpResponse.json({ data: [] })),
      http.patch(`${ORIGIN}/api/members/${UUID}`, async ({ request }) => {
        patches.push(await request.json());
        // Another admin saved in the meantime.
        current = member(2, ['admin']);
        return HttpResponse.json(
          {
            code: 'VERSION_CONFLICT',
            message: 'Someone else changed this in the meantime. Reload to see their changes.',
          },
          { status: 409 },
        );
      }),
    );
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <MemoryRouter initialEntries={[`/users/${UUID}`]}>
              <Routes>
                <Route path="/users/:uuid" element={<MemberScreen />} />
              </Routes>
            </MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Vera Voss' })).toBeInTheDocument();
    expect(await screen.findByText('Sales · Lead')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Email' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Admin' }));
    await user.click(screen.getByRole('switch', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('member-error')).toHaveTextContent(
      'Someone else changed this in the meantime. Reload to see their changes.',
    );
    expect(patches).toEqual([
      {
        version: 1,
        roles: ['member', 'admin'],
        enabled: true,
        schedulingEnabled: true,
        emailEnabled: true,
        videoCallEnabled: true,
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByTestId('member-error')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Admin' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Member' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Email' })).not.toBeChecked();
  });
});
