import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvExport } from '../../test/downloads';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import { sessionStore } from '../../lib/session/store';
import TeamsScreen from './teams-screen';

const team = {
  uuid: '20000000-0000-4000-8000-000000000001',
  name: 'Sales',
  description: null,
  lead: null,
  memberCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

describe('teams screen', () => {
  it('exports the whole filtered list as CSV: the view in the URL, without the page', async () => {
    const exports: URL[] = [];
    server.use(
      http.get(`${ORIGIN}/api/teams`, () =>
        HttpResponse.json({ data: [team], page: 2, itemsPerPage: 10, totalItems: 11 }),
      ),
      csvExport('/api/teams/export.csv', exports),
    );
    const downloads = captureDownloads();
    renderScreen(<TeamsScreen />, '/teams?page=2&search=sal&sort=members&order=desc');
    expect(await screen.findByRole('link', { name: 'Sales' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toEqual(['teams.csv']));
    expect(exports.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { search: 'sal', sort: 'members', order: 'desc' },
    ]);
  });
});

describe('teams screen, read only', () => {
  it('a super admin visiting the company (read, not write) is offered no New team', async () => {
    sessionStore.reset({
      status: 'ready',
      user: {
        uuid: '11111111-1111-4111-8111-111111111111',
        email: 'sam@example.com',
        firstName: 'Sam',
        lastName: 'Super',
        phone: null,
        avatar: null,
        language: null,
        roles: ['super_admin', 'super_admin_write'],
        companyUuids: [],
      },
    });
    server.use(
      http.get(`${ORIGIN}/api/teams`, () =>
        HttpResponse.json({ data: [team], page: 1, itemsPerPage: 10, totalItems: 1 }),
      ),
    );
    renderScreen(<TeamsScreen />, '/teams');
    expect(await screen.findByRole('link', { name: 'Sales' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New team' })).toBeNull();
    sessionStore.reset();
  });
});
