import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { signInAs } from '../../test/session';
import { ORIGIN, server } from '../../test/server';
import MyPolicyScreen from './my-policy-screen';
import PoliciesScreen from './policies-screen';

const row = {
  uuid: '30000000-0000-4000-8000-000000000001',
  title: 'Code of Conduct',
  category: 'Ethics',
  owner: null,
  audience: { all: true, teamUuids: [], departmentUuids: [] },
  dueDays: 14,
  status: 'active',
  currentNumber: 2,
  ackNumber: 2,
  publishedAt: '2026-01-02T00:00:00.000Z',
  archivedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
});

describe('policies screen', () => {
  it('lists policies with their status and creates one (request body checked)', async () => {
    signInAs(['admin']);
    const calls: string[] = [];
    server.use(
      http.get(`${ORIGIN}/api/policies`, () =>
        HttpResponse.json({ data: [row], page: 1, itemsPerPage: 10, totalItems: 1 }),
      ),
      http.get(`${ORIGIN}/api/members`, () =>
        HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0 }),
      ),
      http.get(`${ORIGIN}/api/teams`, () => HttpResponse.json({ data: [], page: 1, itemsPerPage: 100, totalItems: 0 })),
      http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [] })),
      http.post(`${ORIGIN}/api/policies`, async ({ request }) => {
        calls.push(JSON.stringify(await request.json()));
        return HttpResponse.json(
          { ...row, uuid: '30000000-0000-4000-8000-000000000002', title: 'Travel' },
          { status: 201 },
        );
      }),
    );
    renderScreen(<PoliciesScreen />);
    const table = await screen.findByTestId('policies-table');
    expect(await within(table).findByText('Code of Conduct')).toBeTruthy();
    expect(within(table).getByText('Active')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'New policy' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Travel');
    await userEvent.type(within(dialog).getByLabelText('Category'), 'HR');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0]!)).toEqual({
      title: 'Travel',
      category: 'HR',
      ownerUuid: null,
      audience: { all: true, teamUuids: [], departmentUuids: [] },
      dueDays: 14,
    });
  });

  it('a member reads a policy and acknowledges it with the hash of what was shown', async () => {
    signInAs(['member']);
    const sent: unknown[] = [];
    let acknowledged = false;
    const detail = () => ({
      uuid: row.uuid,
      title: 'Code of Conduct',
      category: 'Ethics',
      number: 2,
      versionUuid: '30000000-0000-4000-8000-0000000000a2',
      bodyKind: 'text',
      status: acknowledged ? 'acknowledged' : 'outstanding',
      dueAt: '2026-02-01T00:00:00.000Z',
      acknowledgedAt: acknowledged ? '2026-01-05T00:00:00.000Z' : null,
      publishedAt: '2026-01-02T00:00:00.000Z',
      bodyHtml: '<h2>Be kind</h2><p>Always.</p>',
      pdfName: null,
      contentSha256: 'a'.repeat(64),
    });
    server.use(
      http.get(`${ORIGIN}/api/my-policies/:uuid`, () => HttpResponse.json(detail())),
      http.post(`${ORIGIN}/api/my-policies/:uuid/acknowledge`, async ({ request }) => {
        sent.push(await request.json());
        acknowledged = true;
        return HttpResponse.json({ uuid: 'x' }, { status: 201 });
      }),
    );
    renderScreen(
      <Routes>
        <Route path="/my-policies/:uuid" element={<MyPolicyScreen />} />
      </Routes>,
      `/my-policies/${row.uuid}`,
    );
    expect(await screen.findByRole('heading', { name: 'Be kind' })).toBeTruthy();
    // The policy's own direction, whatever the console's (an English text read in Arabic stays left to right).
    expect(screen.getByTestId('policy-body')).toHaveAttribute('dir', 'auto');
    await userEvent.click(screen.getByRole('button', { name: 'I acknowledge' }));
    await waitFor(() => expect(sent).toEqual([{ versionUuid: detail().versionUuid, contentSha256: 'a'.repeat(64) }]));
    expect(await screen.findByTestId('acknowledged-note')).toBeTruthy();
  });
});
