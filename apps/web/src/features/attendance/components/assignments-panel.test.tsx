import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ToastHost } from '../../../lib/notify';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import { AssignmentsPanel } from './assignments-panel';

const BOB = {
  uuid: '70000000-0000-4000-8000-000000000001',
  membershipUuid: '70000000-0000-4000-8000-000000000002',
  email: 'bob@acme.test',
  firstName: 'Bob',
  lastName: 'Brown',
  avatar: null,
  roles: ['member'],
  enabled: true,
  schedulingEnabled: true,
  emailEnabled: true,
  videoCallEnabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};
const ASSIGNMENT = {
  uuid: '70000000-0000-4000-8000-000000000003',
  userUuid: BOB.uuid,
  scheduleUuid: '70000000-0000-4000-8000-000000000004',
  scheduleName: 'Support rota',
  effectiveFrom: '2026-11-02',
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  await setLanguage('en', false);
});

describe('schedule assignments panel', () => {
  it('says what to pick and what it shows, and says when an assignment is removed (German)', async () => {
    await setLanguage('de', false);
    let assignments = [ASSIGNMENT];
    const removed: string[] = [];
    server.use(
      http.get(`${ORIGIN}/api/members`, () =>
        HttpResponse.json({ data: [BOB], page: 1, itemsPerPage: 20, totalItems: 1 }),
      ),
      http.get(`${ORIGIN}/api/attendance/schedules`, () => HttpResponse.json({ data: [] })),
      http.get(`${ORIGIN}/api/attendance/assignments`, () => HttpResponse.json({ data: assignments })),
      http.delete(`${ORIGIN}/api/attendance/assignments/:uuid`, ({ params }) => {
        removed.push(params.uuid as string);
        assignments = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(
      <>
        <AssignmentsPanel />
        <ToastHost position="bottom-right" />
      </>,
    );
    // It was a bare, empty box under the tab: nothing said to type a person, nor what follows.
    const person = await screen.findByRole('combobox', { name: 'Person' });
    expect(person).toHaveAttribute('placeholder', 'Name oder E-Mail eingeben');
    expect(person).toHaveAccessibleDescription(
      'Wählen Sie eine Person, um zu sehen, welchem Arbeitsplan sie ab welchem Tag folgt. Wer keinen eigenen hat, folgt dem Standardplan.',
    );
    await user.click(person);
    await user.click(await screen.findByRole('option', { name: 'Bob Brown (bob@acme.test)', hidden: true }));
    const table = await screen.findByRole('table', { name: 'Zuweisungen' });
    await user.click(within(table).getByRole('button', { name: 'Support rota entfernen' }));
    await waitFor(() => expect(removed).toEqual([ASSIGNMENT.uuid]));
    expect(await screen.findByText('Die Zuweisung wurde entfernt.')).toBeInTheDocument();
    expect(await screen.findByText('Folgt dem Standardplan.')).toBeInTheDocument();
  });
});
