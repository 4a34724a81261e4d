import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { signInAs } from '../../test/session';
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

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
});

describe('departments screen', () => {
  it('lists, creates, edits and deletes for a company admin', async () => {
    signInAs(['admin']);
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

    // A department without sub-departments says nothing of them.
    await user.click(screen.getByRole('button', { name: 'Delete Child' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Department Child will be deleted.');
    expect(dialog).not.toHaveTextContent('sub-departments');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete First' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('its sub-departments move up one level');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual([
      'POST {"name":"Second","description":null,"parentUuid":null,"headUuid":null,"color":"#228be6"}',
      'PATCH {"version":3,"name":"Renamed","description":"One","parentUuid":null,"headUuid":null,"color":"#228be6"}',
      'DELETE ?version=3',
    ]);
  });

  it('moves people found by name into a department, saying where each one is now', async () => {
    signInAs(['admin']);
    const moves: unknown[] = [];
    const person = (n: number, firstName: string, department: { uuid: string; name: string } | null) => ({
      uuid: `40000000-0000-4000-8000-00000000000${n}`,
      firstName,
      lastName: 'Tester',
      avatar: null,
      email: `${firstName.toLowerCase()}@acme.test`,
      jobTitle: null,
      department: department ? { ...department, color: '#228be6' } : null,
      manager: null,
      workPhone: null,
      ended: false,
    });
    server.use(
      http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [row, child] })),
      http.get(`${ORIGIN}/api/employees`, ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        const everyone = [person(1, 'Ada', { uuid: child.uuid, name: 'Child' }), person(2, 'Bea', null)];
        const data = everyone.filter((p) => p.firstName.toLowerCase().startsWith(search.toLowerCase()));
        return HttpResponse.json({
          data,
          page: 1,
          itemsPerPage: 20,
          totalItems: data.length,
          totalIsLowerBound: false,
        });
      }),
      http.get(`${ORIGIN}/api/departments`, () =>
        HttpResponse.json({ data: [row, child], page: 1, itemsPerPage: 10, totalItems: 2 }),
      ),
      http.post(`${ORIGIN}/api/departments/:uuid/members`, async ({ request, params }) => {
        moves.push([params.uuid, await request.json()]);
        return HttpResponse.json({ moved: 2 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<DepartmentsScreen />, '/departments');
    await user.click(await screen.findByRole('button', { name: 'Move people into First' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move people into First' });
    // Nobody chosen: said at the field, nothing sent.
    await user.click(within(dialog).getByTestId('confirm-move'));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    const field = within(dialog).getByTestId('move-people');
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'ad');
    await user.click(await within(dialog).findByRole('option', { name: 'Ada Tester (Child)', hidden: true }));
    await user.clear(field);
    await user.type(field, 'be');
    await user.click(await within(dialog).findByRole('option', { name: 'Bea Tester', hidden: true }));
    // Ada stays chosen, named, though the search now finds Bea only.
    expect(within(dialog).getByText('Ada Tester (Child)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move 2 people' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(moves).toEqual([
      [row.uuid, { uuids: ['40000000-0000-4000-8000-000000000001', '40000000-0000-4000-8000-000000000002'] }],
    ]);
  });

  it('shows a member the list without any write button', async () => {
    signInAs(['member']);
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
