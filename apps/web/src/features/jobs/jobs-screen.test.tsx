import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawValuesIn } from '@wac/shared/raw-values';
import { setLanguage } from '../../lib/i18n';
import { onToast, type ToastRequest } from '../../lib/notify';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import JobsScreen from './jobs-screen';

const job = (over: Record<string, unknown>) => ({
  uuid: '50000000-0000-4000-8000-000000000001',
  type: 'invitation.mail',
  company: { uuid: '30000000-0000-4000-8000-000000000001', name: 'Acme Corp' },
  payload: {},
  state: 'dead',
  attempts: 5,
  maxAttempts: 5,
  runAt: '2026-11-20T10:00:00.000Z',
  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  createdAt: '2026-11-20T09:00:00.000Z',
  finishedAt: null,
  ...over,
});
const superAdmin = (roles: string[]) => ({
  uuid: '11111111-1111-4111-8111-111111111111',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Super',
  phone: null,
  avatar: null,
  language: null,
  roles,
  companyUuids: [],
});

let seen: string[] = [];
let retried: string[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  retried = [];
  server.use(
    http.get(`${ORIGIN}/api/jobs`, ({ request }) => {
      seen.push(new URL(request.url).search);
      const data = [
        job({}),
        job({
          uuid: '50000000-0000-4000-8000-000000000002',
          state: 'done',
          lastError: null,
          company: null,
          type: 'jobs.purge',
        }),
      ];
      return HttpResponse.json({ data, page: 1, itemsPerPage: 10, totalItems: data.length });
    }),
    http.post(`${ORIGIN}/api/jobs/:uuid/retry`, ({ params }) => {
      retried.push(String(params.uuid));
      return HttpResponse.json(job({ state: 'queued', attempts: 0 }));
    }),
  );
});
afterEach(async () => {
  server.resetHandlers();
  await setLanguage('en', false);
});

describe('jobs screen', () => {
  it('lists jobs with their state, attempts and last error; a dead one is retried by a super admin who may write', async () => {
    sessionStore.reset({ status: 'ready', user: superAdmin(['super_admin', 'super_admin_write']) });
    const toasts: ToastRequest[] = [];
    const stop = onToast((t) => toasts.push(t));
    const user = userEvent.setup();
    renderScreen(<JobsScreen />, '/jobs');
    const table = await screen.findByTestId('jobs-table');
    expect(await within(table).findAllByText('Dead')).not.toHaveLength(0);
    expect(within(table).getAllByText('connect ECONNREFUSED 127.0.0.1:25').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('5 of 5').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Platform').length).toBeGreaterThan(0);
    // Only the dead job offers a retry.
    const retry = within(table).getAllByRole('button', { name: 'Retry the job Invitation mail' });
    expect(within(table).queryAllByRole('button', { name: 'Retry the job jobs.purge' })).toHaveLength(0);
    await user.click(retry[0]!);
    await expect.poll(() => retried).toEqual(['50000000-0000-4000-8000-000000000001']);
    await expect.poll(() => toasts.map((t) => t.message)).toEqual(['The job will run again.']);
    stop();
  });

  it('filters by state on the server; a read-only super admin sees no retry; states in the reader’s language', async () => {
    sessionStore.reset({ status: 'ready', user: superAdmin(['super_admin']) });
    await setLanguage('de', false);
    renderScreen(<JobsScreen />, '/jobs?state=dead');
    const table = await screen.findByTestId('jobs-table');
    expect(await within(table).findAllByText('Tot')).not.toHaveLength(0);
    expect(seen.some((q) => q.includes('state=dead'))).toBe(true);
    expect(within(table).queryAllByRole('button', { name: /erneut versuchen/ })).toHaveLength(0);
    expect(rawValuesIn(table.textContent ?? '', 'de')).toEqual([]);
  });
});
