import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import DepartmentsScreen from './departments-screen';

const row = {
  uuid: '30000000-0000-4000-8000-000000000001',
  name: 'First',
  description: 'One',
  parentUuid: null,
  color: '#228be6',
  head: null,
  memberCount: 4,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
};
const child = { ...row, uuid: '30000000-0000-4000-8000-000000000003', name: 'Child', parentUuid: row.uuid };
/** The tree and the head search every form and list reads. */
const reads = () => [
  http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [row, child] })),
  http.get(`${ORIGIN}/api/employees`, () => HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0 })),
];

/** Signed in on acme with these roles (the screen hides what the shared rules forbid). */
const signIn = (roles: string[]) =>
  sessionStore.set({
    status: 'ready',
    user: { uuid: 'u1', email: 'a@acme.test', firstName: 'A', lastName: 'B', roles: [] } as never,
    current: {
      uuid: 'm1',
      enabled: true,
      roles: roles.map((name) => ({ name })),
      company: { uuid: 'c1', name: 'Acme', logo: null, subDomain: 'acme', enabled: true },
    },
  });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
});

describe('departments screen', () => {
  it('lists, creates, edits and deletes for a company admin', async () => {
    signIn(['admin']);
    const calls: string[] = [];
    server.use(
      ...reads(),
      http.get(`${ORIGIN}/api/departments`, () =>
        HttpResponse.json({ data: [row, child], page: 1, itemsPerPage: 10, totalItems: 2 }),
      ),
      http.post(`${ORIGIN}/api/departments`, async ({ request }) => {
        calls.push(`POST ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(
          { ...row, uuid: '30000000-0000-4000-8000-000000000002', name: 'Second' },
          { status: 201 },
        );
      }),
      http.patch(`${ORIGIN}/api/departments/:uuid`, async ({ request }) => {
        calls.push(`PATCH ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ ...row, name: 'Renamed', version: 4 });
      }),
      http.delete(`${ORIGIN}/api/departments/:uuid`, ({ request }) => {
        calls.push(`DELETE ${new URL(request.url).search}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<DepartmentsScreen />, '/departments');
    expect(await screen.findByRole('button', { name: 'Edit First' })).toBeInTheDocument();
    // The parent column names the parent; the count column counts people.
    const childRow = (await screen.findByText('Child')).closest('tr')!;
    await waitFor(() => expect(within(childRow).getByText('First')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'New department' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
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
      'POST {"name":"Second","description":null,"parentUuid":null,"headUuid":null,"color":"#228be6"}',
      'PATCH {"version":3,"name":"Renamed","description":"One","parentUuid":null,"headUuid":null,"color":"#228be6"}',
      'DELETE ?version=3',
    ]);
  });

  it('shows a member the list without any write button', async () => {
    signIn(['member']);
    server.use(
      ...reads(),
      http.get(`${ORIGIN}/api/departments`, () =>
        HttpResponse.json({ data: [row, child], page: 1, itemsPerPage: 10, totalItems: 2 }),
      ),
    );
    renderScreen(<DepartmentsScreen />, '/departments');
    expect(await screen.findByText('Child')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New department' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit First' })).not.toBeInTheDocument();
  });
});
