import { rawValuesIn } from '@wac/shared/raw-values';
import type { DashboardOverview } from '@wac/shared/schemas/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import type { Profile } from '../../lib/session/start';
import { type SessionState, sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import DashboardScreen from './dashboard-screen';

const profile = (roles: string[]): Profile => ({
  uuid: '44444444-4444-4444-8444-444444444444',
  enabled: true,
  roles: roles.map((name) => ({ name })),
  company: {
    uuid: '22222222-2222-4222-8222-222222222222',
    name: 'Fresh Co',
    logo: null,
    subDomain: 'fresh',
    enabled: true,
  },
});
const USER = {
  uuid: '11111111-1111-4111-8111-111111111111',
  email: 'first@fresh.test',
  firstName: 'Fay',
  lastName: 'First',
  phone: null,
  avatar: null,
  language: null,
  roles: [],
  companyUuids: ['22222222-2222-4222-8222-222222222222'],
};
const trialEndsAt = new Date(Date.now() + 6 * 86_400_000).toISOString();
const summary = (over: Record<string, unknown> = {}) => ({
  members: 1,
  admins: 1,
  teams: 0,
  disabledMembers: 0,
  pendingJoinRequests: 0,
  pendingInvitations: 0,
  plan: 'pro-plan-monthly',
  trialEndsAt,
  timeZone: 'UTC',
  ...over,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  await setLanguage('en', false);
});

const VACATION = {
  uuid: '50000000-0000-4000-8000-000000000001',
  name: 'Vacation',
  color: '#228be6',
  unit: 'days',
  paid: true,
  allowNegative: false,
  needsApproval: true,
};

const show = (
  roles: string[],
  data: ReturnType<typeof summary>,
  mine: { balances?: unknown[]; myLeave?: DashboardOverview['myLeave'] } = {},
  visit?: { today: ReactNode; visiting: SessionState['visiting'] },
) => {
  const p = profile(roles);
  sessionStore.reset({ status: 'ready', user: USER, profiles: [p], current: p, visiting: visit?.visiting ?? null });
  const admin = roles.includes('admin');
  // What a company's first day answers: nothing to approve, nobody clocked in, no leave, no policy.
  const overview: DashboardOverview = {
    attendance: admin
      ? { date: new Date().toISOString().slice(0, 10), counts: { present: 0, late: 0, absent: 0, onLeave: 0 } }
      : null,
    approvals: admin
      ? { timeOff: 0, corrections: 0, joinRequests: 0, certificationUploads: 0 }
      : { timeOff: null, corrections: null, joinRequests: null, certificationUploads: null },
    compliance: admin
      ? {
          activePolicies: 0,
          outstanding: 0,
          overdue: 0,
          certificationsExpiring: 0,
          certificationsExpired: 0,
          certificationsMissing: 0,
        }
      : null,
    myLeave: mine.myLeave ?? { approved: null, pending: null },
  };
  server.use(
    http.get(`${ORIGIN}/api/dashboard/summary`, () => HttpResponse.json(data)),
    http.get(`${ORIGIN}/api/dashboard/overview`, () => HttpResponse.json(overview)),
    http.get(`${ORIGIN}/api/my-policies`, () => HttpResponse.json({ data: policies })),
    http.get(`${ORIGIN}/api/my-certifications`, () => HttpResponse.json({ data: certifications, today: '2026-12-02' })),
    http.get(`${ORIGIN}/api/time-off/balances`, () =>
      HttpResponse.json({ userUuid: USER.uuid, data: mine.balances ?? [] }),
    ),
  );
  renderScreen(<DashboardScreen today={visit?.today} />, '/');
};
let policies: unknown[] = [];
let certifications: unknown[] = [];

describe('dashboard of a new company', () => {
  it('shows a member the policies they must acknowledge, each a link', async () => {
    policies = [
      {
        uuid: '30000000-0000-4000-8000-000000000001',
        title: 'Code of Conduct',
        category: 'Ethics',
        number: 2,
        versionUuid: '30000000-0000-4000-8000-000000000002',
        bodyKind: 'text',
        status: 'overdue',
        dueAt: '2026-01-10T00:00:00.000Z',
        acknowledgedAt: null,
        publishedAt: '2026-01-01T00:00:00.000Z',
      },
    ];
    show(['member'], summary());
    const card = await screen.findByTestId('policies-due');
    expect(within(card).getByRole('link', { name: 'Code of Conduct' })).toHaveAttribute(
      'href',
      '/my-policies/30000000-0000-4000-8000-000000000001',
    );
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    policies = [];
  });

  it('shows a member the certifications that need them, the most urgent first, with their day', async () => {
    const type = (n: number, name: string) => ({
      uuid: `50000000-0000-4000-8000-00000000000${n}`,
      name,
      description: '',
      validityMonths: 24,
    });
    const record = (expiresOn: string) => ({
      uuid: '50000000-0000-4000-8000-000000000010',
      issuedOn: '2024-12-12',
      expiresOn,
      evidence: null,
    });
    certifications = [
      { type: type(1, 'Security awareness'), status: 'valid', record: record('2027-06-01'), submission: null },
      { type: type(2, 'First aid'), status: 'expiring', record: record('2026-12-12'), submission: null },
      { type: type(3, 'Fire warden'), status: 'missing', record: null, submission: null },
    ];
    show(['member'], summary());
    const card = await screen.findByTestId('certifications-due');
    expect(within(card).getByText('Needing your attention: 2')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Fire wardenMissing', 'First aidExpiringexpires Dec 12, 2026']);
    expect(within(card).getByRole('link', { name: 'My certifications' })).toHaveAttribute('href', '/my-certifications');
    certifications = [];
  });

  it("gives its admin the next steps, each a link, and the trial's end", async () => {
    show(['admin'], summary());
    const checklist = await screen.findByTestId('setup-checklist');
    expect(within(checklist).getByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
    expect(within(checklist).getByRole('link', { name: 'Invite the people of your company' })).toHaveAttribute(
      'href',
      '/users/invitations',
    );
    expect(within(checklist).getByRole('link', { name: 'Create a first team' })).toHaveAttribute('href', '/teams');
    expect(screen.getByTestId('trial-end')).toHaveTextContent(/Your trial ends on .+ \(in 6 days\)/);
  });

  it('marks a step done once its figure says so', async () => {
    show(['admin'], summary({ pendingInvitations: 2 }));
    const checklist = await screen.findByTestId('setup-checklist');
    expect(within(checklist).queryByRole('link', { name: /Invite/ })).toBeNull();
    expect(within(checklist).getByText(/Invite the people of your company/)).toHaveTextContent('(done)');
    expect(within(checklist).getByRole('link', { name: 'Create a first team' })).toBeInTheDocument();
  });

  it("shows a member neither steps they cannot take nor the company's trial", async () => {
    show(['member'], summary());
    await waitFor(() => expect(screen.getByTestId('figure-members')).toHaveTextContent('1'));
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    expect(screen.queryByTestId('trial-end')).toBeNull();
  });

  it('leaves out a figure the server does not give the caller (a member: who is disabled)', async () => {
    show(
      ['member'],
      summary({
        disabledMembers: null,
        pendingJoinRequests: null,
        pendingInvitations: null,
        plan: null,
        trialEndsAt: null,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('figure-members')).toHaveTextContent('1'));
    expect(screen.getByTestId('figure-teams')).toHaveTextContent('0');
    expect(screen.queryByTestId('figure-disabledMembers')).toBeNull();
  });

  it("gives the trial's end in German with no codes or US dates", async () => {
    await setLanguage('de', false);
    show(['admin'], summary());
    await screen.findByTestId('setup-checklist');
    expect(screen.getByTestId('trial-end')).toHaveTextContent('Ihre Testphase endet am');
    expect(rawValuesIn(document.body.textContent ?? '', 'de')).toEqual([]);
  });

  it('shows a visiting super admin, who is no member here, neither a clock nor time off of his own', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    show(['admin'], summary(), {}, { today: <p>My clock</p>, visiting: { write: true } });
    expect(await screen.findByTestId('setup-checklist')).toBeInTheDocument();
    expect(await screen.findByTestId('figure-members')).toHaveTextContent('1');
    expect(screen.queryByText('My clock')).toBeNull();
    expect(asked).not.toContain('/api/time-off/balances');
    server.events.removeAllListeners();
  });
});

describe("a member's time off card", () => {
  const balances = [{ type: VACATION, balance: 25, pending: 3, available: 22 }];
  const leave = (startDate: string, endDate: string) => ({
    type: { name: 'Vacation' },
    startDate,
    endDate,
  });

  it('shows a request awaiting approval as such, rather than no leave planned', async () => {
    show(['member'], summary(), { balances, myLeave: { approved: null, pending: leave('2026-12-14', '2026-12-16') } });
    const card = await screen.findByTestId('my-time-off');
    expect(await within(card).findByTestId('pending-leave')).toHaveTextContent(
      /^Awaiting approval: \u2068Vacation\u2069, \u2068Dec 14 – 16, 2026\u2069$/,
    );
    expect(within(card).queryByText('No leave planned.')).toBeNull();
    expect(within(card).queryByTestId('next-leave')).toBeNull();
  });

  it('shows the next approved leave beside the one awaiting approval', async () => {
    show(['member'], summary(), {
      balances,
      myLeave: { approved: leave('2026-12-01', '2026-12-01'), pending: leave('2027-01-04', '2027-01-08') },
    });
    const card = await screen.findByTestId('my-time-off');
    expect(await within(card).findByTestId('next-leave')).toHaveTextContent(
      /^Next: \u2068Vacation\u2069, \u2068Dec 1, 2026\u2069$/,
    );
    expect(within(card).getByTestId('pending-leave')).toHaveTextContent(
      /^Awaiting approval: \u2068Vacation\u2069, \u2068Jan 4 – 8, 2027\u2069$/,
    );
  });

  it('says no leave is planned when there is neither', async () => {
    show(['member'], summary(), { balances });
    expect(await within(await screen.findByTestId('my-time-off')).findByTestId('next-leave')).toHaveTextContent(
      'No leave planned.',
    );
    expect(screen.queryByTestId('pending-leave')).toBeNull();
  });
});
