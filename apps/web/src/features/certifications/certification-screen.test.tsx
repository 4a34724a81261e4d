import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import CertificationScreen from './certification-screen';
import { signInAs } from '../../test/session';

const TYPE = '40000000-0000-4000-8000-000000000001';
const type = {
  uuid: TYPE,
  name: 'First aid',
  description: '',
  validityMonths: 24,
  remindDaysBefore: 30,
  audience: { all: true, teamUuids: [], departmentUuids: [] },
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  counts: { assigned: 2, valid: 0, expiring: 1, expired: 0, missing: 1 },
  today: '2026-01-31',
};
const person = (uuid: string, firstName: string) => ({
  uuid,
  firstName,
  lastName: 'Test',
  email: `${firstName}@acme.test`,
});
const holders = [
  { person: person('50000000-0000-4000-8000-000000000001', 'Erin'), status: 'missing', record: null },
  {
    person: person('50000000-0000-4000-8000-000000000002', 'Bob'),
    status: 'expiring',
    record: {
      uuid: '60000000-0000-4000-8000-000000000001',
      typeUuid: TYPE,
      issuedOn: '2024-02-10',
      expiresOn: '2026-02-10',
      evidence: { name: 'bob.pdf', contentType: 'application/pdf', size: 10 },
      createdAt: '2024-02-10T00:00:00.000Z',
    },
  },
];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
});

/** What the screen reads: the type, its holders, and the audience's teams and departments. */
const screenReads = () => [
  http.get(`${ORIGIN}/api/certification-types/${TYPE}`, () => HttpResponse.json(type)),
  http.get(`${ORIGIN}/api/certification-types/${TYPE}/holders`, () =>
    HttpResponse.json({ data: holders, page: 1, itemsPerPage: 10, totalItems: 2 }),
  ),
  http.get(`${ORIGIN}/api/teams`, () => HttpResponse.json({ data: [], page: 1, itemsPerPage: 100, totalItems: 0 })),
  http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [] })),
];
const renderTypeScreen = () =>
  renderScreen(
    <Routes>
      <Route path="/certifications/:uuid" element={<CertificationScreen />} />
    </Routes>,
    `/certifications/${TYPE}`,
  );

describe('certification screen', () => {
  it('records for a person: expiry follows issued on + validity (clamped to the month), server errors land on their field', async () => {
    signInAs(['admin']);
    const sent: Array<Record<string, string>> = [];
    let reply = 415;
    server.use(
      ...screenReads(),
      http.post(`${ORIGIN}/api/certification-types/${TYPE}/records`, async ({ request }) => {
        const form = await request.formData();
        sent.push(
          Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`])),
        );
        if (reply === 415) {
          return HttpResponse.json(
            { code: 'CERTIFICATION_EVIDENCE_TYPE', message: 'The evidence must be a PDF, PNG or JPEG file.' },
            { status: 415 },
          );
        }
        return HttpResponse.json(
          { ...holders[1]!.record, uuid: '60000000-0000-4000-8000-000000000002' },
          { status: 201 },
        );
      }),
    );
    renderTypeScreen();
    const table = await screen.findByTestId('holders-table');
    expect(await within(table).findByText('Erin Test')).toBeTruthy();
    expect(screen.getByTestId('figure-missing').textContent).toBe('1');

    await userEvent.click(within(table).getByRole('button', { name: 'Record for Erin Test' }));
    const dialog = await screen.findByRole('dialog');
    const issued = within(dialog).getByRole('button', { name: /Issued on/ });
    const expires = within(dialog).getByRole('button', { name: /Expires on/ });
    // The company's today, and 24 months on; 31 January + 24 months is 31 January again. The days
    // are written in the reader's language and picked from a calendar.
    expect([issued.textContent, expires.textContent]).toEqual(['Jan 31, 2026', 'Jan 31, 2028']);
    await userEvent.click(issued);
    // (The calendar opens in a dialog of its own; for jsdom it is mid-transition, so its buttons are
    // found with `hidden`, the one just opened last.)
    const last = (name: string) => screen.queryAllByRole('button', { name, hidden: true }).at(-1);
    // Nothing after the company's today can be picked: the calendar does not go past January 2026.
    expect(last('Next month')!.hasAttribute('data-disabled')).toBe(true);
    await userEvent.click(last('Previous month')!);
    await userEvent.click(last('Wednesday, December 31, 2025')!);
    // The expiry follows the issue date until it is changed by hand.
    await waitFor(() => expect(expires.textContent).toBe('Dec 31, 2027'));

    const file = new File(['not a pdf'], 'scan.pdf', { type: 'application/pdf' });
    await userEvent.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText('The evidence must be a PDF, PNG or JPEG file.')).toBeTruthy();
    expect(sent[0]).toEqual({
      userUuid: '50000000-0000-4000-8000-000000000001',
      issuedOn: '2025-12-31',
      expiresOn: '2027-12-31',
      file: 'file:scan.pdf',
    });

    reply = 201;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(2);
  });
  it('an admin’s own row offers no Record: another admin records it, and the row says so', async () => {
    signInAs(['admin'], { uuid: holders[1]!.person.uuid, firstName: 'Bob', lastName: 'Test' });
    server.use(...screenReads());
    renderTypeScreen();
    const table = await screen.findByTestId('holders-table');
    expect(await within(table).findByRole('button', { name: 'Record for Erin Test' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Record for Bob Test' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Bob Test/ })).toBeNull();
    expect(within(table).getByTestId('own-record').textContent).toBe(
      'Another admin records and reviews your own certificates.',
    );
  });
});
