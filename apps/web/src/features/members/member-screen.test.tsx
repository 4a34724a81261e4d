import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { onToast, type ToastRequest } from '../../lib/notify';
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

function renderMember() {
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
}

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
    renderMember();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vera Voss' })).toBeInTheDocument();
    expect(await screen.findByText('Sales · Lead')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Email' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Revoke all' })).toBeDisabled();

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

  it('revokes one session by its row, or all of them; toasts the server’s message and reloads the list', async () => {
    const session = (uuid: string, userAgent: string | null, lastUsedAt: string, subDomain: string | null) => ({
      uuid,
      subDomain,
      userAgent,
      ip: '203.0.113.7',
      createdAt: '2026-01-01T08:00:00.000Z',
      lastUsedAt,
      expiresAt: '2026-02-01T08:00:00.000Z',
    });
    const LAPTOP = '30000000-0000-4000-8000-000000000001';
    const PHONE = '30000000-0000-4000-8000-000000000002';
    let live = [
      session(
        LAPTOP,
        'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/130.0',
        '2026-01-02T09:30:00.000Z',
        'acme',
      ),
      session(PHONE, null, '2026-01-01T10:00:00.000Z', null),
    ];
    const revoked: string[] = [];
    const message = 'User session has been revoked successfully';
    server.use(
      http.get(`${ORIGIN}/api/members/${UUID}`, () => HttpResponse.json(member(1, ['member']))),
      http.get(`${ORIGIN}/api/members/${UUID}/teams`, () => HttpResponse.json({ data: [] })),
      http.get(`${ORIGIN}/api/members/${UUID}/sessions`, () => HttpResponse.json({ data: live })),
      http.post(`${ORIGIN}/api/members/${UUID}/sessions/:sessionUuid/revoke`, ({ params }) => {
        revoked.push(String(params.sessionUuid));
        live = live.filter((s) => s.uuid !== params.sessionUuid);
        return HttpResponse.json({ message });
      }),
      http.post(`${ORIGIN}/api/members/${UUID}/sessions/revoke`, () => {
        revoked.push('all');
        live = [];
        return HttpResponse.json({ message });
      }),
    );
    const toasts: ToastRequest[] = [];
    const stopToasts = onToast((t) => toasts.push(t));
    const user = userEvent.setup();
    renderMember();
    const table = await screen.findByRole('table', { name: 'Active sessions in this company' });
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    const laptopName = `Revoke the session on Firefox · Linux, last used ${date.format(new Date(live[0]!.lastUsedAt))}`;
    const phoneName = `Revoke the session on Unknown device, last used ${date.format(new Date(live[1]!.lastUsedAt))}`;
    expect(await within(table).findByRole('button', { name: laptopName })).toHaveTextContent('Revoke');
    expect(within(table).getByRole('button', { name: phoneName })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Device', 'Opened on', 'IP address', 'Last used', 'Actions']);
    // One sign-in on the platform's address and the company session it opened read apart.
    expect(within(table).getByText('acme (this company)')).toBeInTheDocument();
    expect(within(table).getByText('The sign-in page (any of their companies)')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: laptopName }));
    await waitFor(() => expect(within(table).queryByRole('button', { name: laptopName })).toBeNull());
    expect(revoked).toEqual([LAPTOP]);
    expect(toasts.map((t) => [t.color, t.message])).toEqual([['green', message]]);
    expect(within(table).getByRole('button', { name: phoneName })).toBeInTheDocument();

    // Every device at once: asked first; backing out ends nothing.
    await user.click(screen.getByRole('button', { name: 'Revoke all' }));
    let dialog = await screen.findByRole('dialog', { name: 'End every session of this person?' });
    expect(dialog).toHaveTextContent('Their 1 active session ends: they must sign in again on that device.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revoked).toEqual([LAPTOP]);
    await user.click(screen.getByRole('button', { name: 'Revoke all' }));
    dialog = await screen.findByRole('dialog', { name: 'End every session of this person?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke all' }));
    expect(await within(table).findByText('No active session.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revoked).toEqual([LAPTOP, 'all']);
    expect(toasts).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Revoke all' })).toBeDisabled();
    stopToasts();
  });

  it('removing the member says so once: his page is not read again (no "Not found." toast)', async () => {
    let removed = false;
    const reads: string[] = [];
    const gone = () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Not found.' }, { status: 404 });
    server.use(
      http.get(`${ORIGIN}/api/members/${UUID}`, () => {
        reads.push('member');
        return removed ? gone() : HttpResponse.json(member(1, ['member']));
      }),
      http.get(`${ORIGIN}/api/members/${UUID}/teams`, () => (removed ? gone() : HttpResponse.json({ data: [] }))),
      http.get(`${ORIGIN}/api/members/${UUID}/sessions`, () => (removed ? gone() : HttpResponse.json({ data: [] }))),
      http.delete(`${ORIGIN}/api/members/${UUID}`, () => {
        removed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const toasts: ToastRequest[] = [];
    const stop = onToast((t) => toasts.push(t));
    try {
      const user = userEvent.setup();
      renderMember();
      await user.click(await screen.findByRole('button', { name: 'Remove from the company' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Remove from the company' }));
      await waitFor(() => expect(toasts.map((t) => t.color)).toContain('green'));
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      stop();
    }
    expect(toasts.map((t) => [t.color, t.message])).toEqual([['green', 'vera@acme.test was removed.']]);
    expect(reads).toEqual(['member']);
  });
});
