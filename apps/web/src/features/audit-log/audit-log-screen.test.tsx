import { rawValuesIn } from '@wac/shared/raw-values';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import type { Profile } from '../../lib/session/start';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import AuditLogScreen from './audit-log-screen';
import { AuditChanges } from './components/audit-entry';

const ALICE = {
  uuid: '11111111-1111-4111-8111-111111111111',
  email: 'alice@acme.test',
  firstName: 'Alice',
  lastName: 'Anders',
};
const ACME: Profile = {
  uuid: '44444444-4444-4444-8444-444444444444',
  enabled: true,
  roles: [{ name: 'admin' }],
  company: {
    uuid: '22222222-2222-4222-8222-222222222222',
    name: 'Acme Corp',
    logo: null,
    subDomain: 'acme',
    enabled: true,
  },
};
const entry = (over: Record<string, unknown>) => ({
  uuid: crypto.randomUUID(),
  action: 'member.update',
  targetType: 'user',
  targetId: null,
  targetName: null,
  targetPerson: null,
  actor: ALICE,
  before: null,
  after: null,
  ip: '203.0.113.7',
  userAgent: null,
  createdAt: '2026-08-25T06:27:12.000Z',
  ...over,
});
const ENTRIES = [
  entry({
    action: 'invitation.create',
    targetType: 'invitation',
    targetId: '55555555-5555-4555-8555-555555555555',
    targetName: 'carol.new@acme.test',
    after: { email: 'carol.new@acme.test', roles: ['member'] },
  }),
  entry({
    action: 'member.update',
    targetId: '66666666-6666-4666-8666-666666666666',
    targetName: 'Bob Brown',
    before: { roles: ['member'], enabled: true, schedulingEnabled: true },
    after: { roles: ['admin', 'member'], enabled: false, schedulingEnabled: true },
  }),
  entry({
    action: 'company.update',
    targetType: 'company',
    targetId: ACME.company.uuid,
    targetName: 'Acme Corp',
    before: { plan: 'pro-plan-monthly', trialEnd: '2026-08-30' },
    after: { plan: 'pro-plan-yearly', trialEnd: '2026-09-30' },
  }),
  entry({ action: 'auth.sign_in_failed', targetType: 'user', actor: null, targetName: 'mallory@acme.test' }),
];

let queries: URLSearchParams[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  queries = [];
  sessionStore.reset({
    status: 'ready',
    user: { ...ALICE, phone: null, avatar: null, language: null, roles: [], companyUuids: [ACME.company.uuid] },
    profiles: [ACME],
    current: ACME,
  });
  server.use(
    http.get(`${ORIGIN}/api/audit-log`, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: ENTRIES, page: 1, itemsPerPage: 10, totalItems: ENTRIES.length });
    }),
    http.get(`${ORIGIN}/api/members`, () =>
      HttpResponse.json({
        data: [
          {
            ...ALICE,
            membershipUuid: ACME.uuid,
            avatar: null,
            roles: ['admin'],
            enabled: true,
            schedulingEnabled: true,
            emailEnabled: true,
            videoCallEnabled: true,
            createdAt: '2026-01-01T00:00:00.000Z',
            version: 1,
          },
        ],
        page: 1,
        itemsPerPage: 20,
        totalItems: 1,
      }),
    ),
  );
});
afterEach(async () => {
  server.resetHandlers();
  sessionStore.reset({ status: 'signedOut' });
  await setLanguage('en', false);
});

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

describe('audit log screen', () => {
  it('verifies the chain on demand and names the first broken entry', async () => {
    const user = userEvent.setup();
    let intact = true;
    server.use(
      http.get(`${ORIGIN}/api/audit-log/verify`, () =>
        HttpResponse.json(
          intact
            ? { intact: true, checked: 1234, millis: 5, firstBroken: null }
            : {
                intact: false,
                checked: 3,
                millis: 5,
                firstBroken: {
                  uuid: '77777777-7777-4777-8777-777777777777',
                  seq: 4,
                  action: 'team.update',
                  createdAt: '2026-01-02T10:00:00.000Z',
                  reason: 'content_changed',
                },
              },
        ),
      ),
    );
    renderScreen(<AuditLogScreen />, '/audit-log');
    await user.click(await screen.findByRole('button', { name: 'Verify integrity' }));
    expect(await screen.findByTestId('audit-verify-result')).toHaveTextContent(
      'Intact: all 1,234 entries are chained and unchanged.',
    );
    intact = false;
    await user.click(screen.getByRole('button', { name: 'Verify integrity' }));
    await waitFor(() =>
      expect(screen.getByTestId('audit-verify-result')).toHaveTextContent(
        /Broken at entry #4 \(Team changed, .+, id 77777777-7777-4777-8777-777777777777\): its content was changed\./,
      ),
    );
  });

  it('writes each entry as a sentence with its people linked, and the changes readable', async () => {
    const user = userEvent.setup();
    renderScreen(
      <>
        <AuditLogScreen />
        <Where />
      </>,
      '/audit-log',
    );
    const sentences = await screen.findAllByTestId('audit-sentence');
    expect(sentences.map((s) => s.textContent)).toEqual([
      'Alice Anders invited carol.new@acme.test as Member',
      'Alice Anders changed Bob Brown',
      'Alice Anders changed the company Acme Corp',
      'A sign-in as mallory@acme.test failed',
    ]);
    expect(within(sentences[1] as HTMLElement).getByRole('link', { name: 'Bob Brown' })).toHaveAttribute(
      'href',
      '/users/66666666-6666-4666-8666-666666666666',
    );
    expect(within(sentences[0] as HTMLElement).getByRole('link', { name: 'Alice Anders' })).toHaveAttribute(
      'href',
      `/users/${ALICE.uuid}`,
    );
    // Told from the words around them by more than colour (dark skin: 1.8:1 against the text).
    for (const link of within(sentences[1] as HTMLElement).getAllByRole('link'))
      expect(link).toHaveAttribute('data-underline', 'always');
    // An admin (not the super admin) does not open company screens: the name is not a link.
    expect(within(sentences[2] as HTMLElement).queryByRole('link', { name: 'Acme Corp' })).toBeNull();

    const [, memberRow] = screen.getAllByRole('button', { name: 'Show the changes' });
    await user.click(memberRow as HTMLElement);
    const diff = screen.getByTestId('audit-changes');
    expect(
      within(diff)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FieldBeforeAfter', 'RolesMemberAdmin and Member', 'EnabledYesNo']);
    expect(rawValuesIn(document.body.textContent ?? '', 'en')).toEqual([]);
  });

  it('names a page or a custom field from its snapshot (its title, its label), not as "an item that no longer exists"', async () => {
    const named = [
      entry({ action: 'companyPage.delete', targetType: 'companyPage', before: { title: 'Support', slug: 'support' } }),
      entry({ action: 'employee_field.create', targetType: 'employee_field', after: { label: 'T-shirt size' } }),
    ];
    server.use(
      http.get(`${ORIGIN}/api/audit-log`, () =>
        HttpResponse.json({ data: named, page: 1, itemsPerPage: 10, totalItems: named.length }),
      ),
    );
    renderScreen(<AuditLogScreen />, '/audit-log');
    await waitFor(
      async () =>
        expect((await screen.findAllByTestId('audit-sentence')).map((s) => s.textContent)).toEqual([
          'Alice Anders deleted the company page Support',
          'Alice Anders created the custom field T-shirt size',
        ]),
      // The screen's first answer comes through the mocked network: more than a second on a busy machine.
      { timeout: 5_000 },
    );
  });

  it('names a certification by its name and holder, an upload by its certification, a job by its type', async () => {
    const named = [
      entry({
        action: 'certification.approve',
        targetType: 'certification',
        targetName: 'Forklift',
        targetPerson: 'Bob Brown',
        after: { status: 'approved', userId: ALICE.uuid },
      }),
      // A deleted record: the server names its holder, the entry's snapshot the certification.
      entry({
        action: 'certification.record',
        targetType: 'certification',
        targetPerson: 'Bob Brown',
        after: { type: 'First aid', issuedOn: '2026-01-15' },
      }),
      entry({
        action: 'certification.submit',
        targetType: 'certification',
        targetName: 'Ladder',
        targetPerson: 'Alice Anders',
      }),
      entry({ action: 'job.retry', targetType: 'job', targetName: 'invitation.mail', before: { state: 'dead' } }),
    ];
    server.use(
      http.get(`${ORIGIN}/api/audit-log`, () =>
        HttpResponse.json({ data: named, page: 1, itemsPerPage: 10, totalItems: named.length }),
      ),
    );
    renderScreen(<AuditLogScreen />, '/audit-log');
    await waitFor(
      async () =>
        expect((await screen.findAllByTestId('audit-sentence')).map((s) => s.textContent)).toEqual([
          'Alice Anders approved the certificate Forklift uploaded by Bob Brown',
          'Alice Anders recorded the certification First aid of Bob Brown',
          'Alice Anders uploaded a Ladder certificate for approval',
          'Alice Anders retried the background job Invitation mail',
        ]),
      // The screen's first answer comes through the mocked network: more than a second on a busy machine.
      { timeout: 5_000 },
    );
  });

  it("names an attendance entry's person and the days a timesheet lock covers", async () => {
    const named = [
      entry({ action: 'attendance.correction_apply', targetType: 'attendance_entry', targetPerson: 'Bob Brown' }),
      entry({
        action: 'timesheet.lock',
        targetType: 'timesheet_lock',
        after: { from: '2026-11-02', to: '2026-11-08' },
      }),
      entry({
        action: 'timesheet.unlock',
        targetType: 'timesheet_lock',
        before: { from: '2026-11-01', to: '2026-11-30' },
      }),
    ];
    server.use(
      http.get(`${ORIGIN}/api/audit-log`, () =>
        HttpResponse.json({ data: named, page: 1, itemsPerPage: 10, totalItems: named.length }),
      ),
    );
    renderScreen(<AuditLogScreen />, '/audit-log');
    await waitFor(
      async () =>
        // Intl writes a range's dash between thin spaces: compared as plain spaces.
        expect((await screen.findAllByTestId('audit-sentence')).map((s) => s.textContent?.replace(/\s/g, ' '))).toEqual(
          [
            'Alice Anders corrected an attendance entry of Bob Brown',
            'Alice Anders locked the timesheets of Nov 2 – 8, 2026',
            'Alice Anders unlocked the timesheets of Nov 1 – 30, 2026',
          ],
        ),
      { timeout: 5_000 },
    );
  });

  it('shows no code, id or US date in another language (German)', async () => {
    await setLanguage('de', false);
    const user = userEvent.setup();
    renderScreen(<AuditLogScreen />, '/audit-log');
    const sentences = await screen.findAllByTestId('audit-sentence');
    expect(sentences[0]).toHaveTextContent('Alice Anders hat carol.new@acme.test als Mitglied eingeladen');
    for (const button of screen.getAllByRole('button', { name: 'Änderungen anzeigen' })) await user.click(button);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Pro, jährlich');
    expect(text).toContain('30.09.2026');
    expect(rawValuesIn(text, 'de')).toEqual([]);
  });

  it('filters by person, action, what it concerns and dates, each labelled, into the URL and the query', async () => {
    const user = userEvent.setup();
    renderScreen(
      <>
        <AuditLogScreen />
        <Where />
      </>,
      '/audit-log?action=member.update&targetType=user&from=2026-08-01&to=2026-08-31',
    );
    await screen.findAllByTestId('audit-sentence');
    expect(screen.getByLabelText('Action', { selector: 'input' })).toHaveValue('Member changed');
    expect(screen.getByLabelText('Concerning', { selector: 'input' })).toHaveValue('Person');
    // The calendar fields write the day in the reader's language.
    expect(screen.getByLabelText('From date')).toHaveTextContent('Aug 1, 2026');
    expect(screen.getByLabelText('To date')).toHaveTextContent('Aug 31, 2026');
    const last = queries.at(-1) as URLSearchParams;
    expect(last.get('action')).toBe('member.update');
    expect(last.get('targetType')).toBe('user');
    expect(new Date(last.get('from') ?? '').getTime()).toBe(new Date('2026-08-01T00:00:00').getTime());

    await user.click(screen.getByLabelText('Person', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Alice Anders', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`actor=${ALICE.uuid}`));
    await waitFor(() => expect(queries.at(-1)?.get('actor')).toBe(ALICE.uuid));
    // No free-text search: the filters say what to show.
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('says an entry that changed nothing changed nothing, instead of an empty "Changes" on a phone', async () => {
    const same = { label: 'Shirt size', required: false };
    renderScreen(<AuditChanges entry={entry({ action: 'employeeField.update', before: same, after: same })} />);
    expect(await screen.findByText('—')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show the changes' })).toBeNull();
  });
});
