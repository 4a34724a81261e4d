import { isoWeekday, zonedDate } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext } from '../../test/harness';
import { DEMO_PASSWORD, seedDemo } from './demo';

let t: TestContext;
// The whole demo (two companies, weeks of attendance, time off, compliance) is one large job: about
// 30 s on PGlite on a quiet machine, and more than the default minute on CI's two cores beside the
// browser tier.
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app);
}, 240_000);
afterAll(() => t.close());

const login = (email: string, host: string) =>
  call(t.app, { method: 'POST', url: '/api/jwt/login', host, payload: { email, password: DEMO_PASSWORD } });

const loginToken = async (email: string, host: string) => (await login(email, host)).json().accessToken as string;
const get = async (url: string, token: string, host = 'acme') =>
  (await call(t.app, { method: 'GET', url, host, token })).json();

// Before the reseed of "is idempotent" below: the compliance demo as a first start leaves it.
describe('the compliance demo', () => {
  it('has Code of Conduct v2 outstanding for Bob, acknowledged by Alice, and a PDF policy', async () => {
    const bob = await loginToken('bob@example.com', 'acme');
    const mine = (await get('/api/my-policies', bob)).data;
    expect(mine.find((p: { title: string }) => p.title === 'Code of Conduct')).toMatchObject({
      number: 2,
      status: 'outstanding',
    });
    expect(mine.find((p: { title: string }) => p.title === 'Information Security Policy')).toMatchObject({
      bodyKind: 'pdf',
    });

    const alice = await loginToken('alice@example.com', 'acme');
    const policies = (await get('/api/policies?search=conduct', alice)).data;
    const tracking = await get(`/api/policies/${policies[0].uuid}/tracking`, alice);
    expect(tracking.summary).toMatchObject({ assigned: 2, acknowledged: 1, outstanding: 1, completion: 50 });

    const pdfPolicy = mine.find((p: { title: string }) => p.title === 'Information Security Policy');
    const pdf = await call(t.app, {
      method: 'GET',
      url: `/api/my-policies/${pdfPolicy.uuid}/pdf`,
      host: 'acme',
      token: bob,
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives Globex its own policy only', async () => {
    const grace = await loginToken('grace@globex.example.com', 'globex');
    const titles = (await get('/api/policies', grace, 'globex')).data.map((p: { title: string }) => p.title);
    expect(titles).toEqual(['Remote Work Policy']);
  });

  it('has Acme\'s "First aid" expiring in 10 days for Bob and expired for another member; Globex its own type', async () => {
    const alice = await loginToken('alice@example.com', 'acme');
    const types = (await get('/api/certification-types', alice)).data;
    expect(types.map((x: { name: string }) => x.name)).toEqual(['First aid', 'Security awareness']);
    const firstAid = types[0];
    expect(firstAid.counts.expiring).toBeGreaterThanOrEqual(1);
    expect(firstAid.counts.expired).toBeGreaterThanOrEqual(1);
    const expired = (await get(`/api/certification-types/${firstAid.uuid}/holders?status=expired`, alice)).data;
    expect(expired).toHaveLength(1);
    expect(expired[0].person.email).not.toBe('bob@example.com');

    const bob = await loginToken('bob@example.com', 'acme');
    const mine = await get('/api/my-certifications', bob);
    const bobsFirstAid = mine.data.find((c: { type: { name: string } }) => c.type.name === 'First aid');
    expect(bobsFirstAid.status).toBe('expiring');
    const days = (Date.parse(bobsFirstAid.record.expiresOn) - Date.parse(mine.today)) / 86_400_000;
    expect(days).toBe(10);
    expect(bobsFirstAid.record.evidence).toMatchObject({ contentType: 'application/pdf' });
    const pdf = await call(t.app, {
      method: 'GET',
      url: `/api/my-certifications/records/${bobsFirstAid.record.uuid}/evidence`,
      host: 'acme',
      token: bob,
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const grace = await loginToken('grace@globex.example.com', 'globex');
    const globexTypes = (await get('/api/certification-types', grace, 'globex')).data;
    expect(globexTypes.map((x: { name: string }) => x.name)).toEqual(['Forklift licence']);
  });
});

describe('the demo seed', () => {
  it('lets alice sign in on acme with a token whose profiles list acme and globex', async () => {
    const res = await login('alice@example.com', 'acme');
    expect(res.statusCode).toBe(200);
    const { accessToken, tokenType, user } = res.json();
    expect(tokenType).toBe('Bearer');
    const profiles = await call(t.app, {
      method: 'GET',
      url: `/api/users/${user.uuid}/user_company_profiles?itemsPerPage=50&groups[]=roles&groups[]=company`,
      host: 'acme',
      token: accessToken,
    });
    expect(profiles.statusCode).toBe(200);
    const byCompany = Object.fromEntries(
      profiles
        .json()
        .data.map((p: { company: { subDomain: string }; roles: { name: string }[] }) => [
          p.company.subDomain,
          p.roles.map((r) => r.name),
        ]),
    );
    expect(byCompany).toEqual({ acme: ['admin'], globex: ['member'] });
    expect(user.companyUuids).toHaveLength(2);
  });

  it('has bob disabled in globex and super@example.com as a writing super admin', async () => {
    const bob = (await login('bob@example.com', 'globex')).json();
    const profiles = await call(t.app, {
      method: 'GET',
      url: `/api/users/${bob.user.uuid}/user_company_profiles`,
      host: 'globex',
      token: bob.accessToken,
    });
    const globex = profiles
      .json()
      .data.find((p: { company: { subDomain: string } }) => p.company.subDomain === 'globex');
    expect(globex.enabled).toBe(false);
    const members = await call(t.app, { method: 'GET', url: '/api/members', host: 'globex', token: bob.accessToken });
    expect(members.statusCode).toBe(403);

    const sup = (await login('super@example.com', 'acme')).json();
    expect(sup.user.roles).toEqual(expect.arrayContaining(['super_admin', 'super_admin_write']));
  });

  it('is idempotent and spreads ~40 more members over both companies', async () => {
    await seedDemo(t.app);
    const sup = (await login('super@example.com', 'acme')).json();
    const companies = await call(t.app, { method: 'GET', url: '/api/companies', host: 'acme', token: sup.accessToken });
    expect(companies.statusCode).toBe(200);
    expect(companies.json().totalItems).toBe(2);
    const acme = await call(t.app, { method: 'GET', url: '/api/members', host: 'acme', token: sup.accessToken });
    // Tokens are bound to the host that issued them: the super admin signs in on globex too.
    const supGlobex = (await login('super@example.com', 'globex')).json();
    const globex = await call(t.app, {
      method: 'GET',
      url: '/api/members',
      host: 'globex',
      token: supGlobex.accessToken,
    });
    expect([acme.statusCode, globex.statusCode]).toEqual([200, 200]);
    expect(acme.json().totalItems + globex.json().totalItems).toBeGreaterThanOrEqual(45);
  });

  it('gives Acme its departments and chain: Alice heads People, Bob reports to Alice; Globex its own', async () => {
    const bob = (await login('bob@example.com', 'acme')).json().accessToken;
    const get = (url: string, token = bob, host = 'acme') => call(t.app, { method: 'GET', url, host, token });
    const tree = (await get('/api/departments/tree')).json().data as Array<{
      uuid: string;
      name: string;
      parentUuid: string | null;
      head: { firstName: string } | null;
    }>;
    const byName = Object.fromEntries(tree.map((d) => [d.name, d]));
    expect(Object.keys(byName).sort()).toEqual(['Apps', 'Engineering', 'People', 'Platform', 'Sales']);
    expect(byName.Platform!.parentUuid).toBe(byName.Engineering!.uuid);
    expect(byName.Apps!.parentUuid).toBe(byName.Engineering!.uuid);
    expect(byName.People!.head?.firstName).toBe('Alice');
    const dir = (await get('/api/employees?search=bob')).json().data;
    expect(dir[0]).toMatchObject({ firstName: 'Bob', jobTitle: 'HR Generalist', manager: { firstName: 'Alice' } });
    const everyone = (await get('/api/employees?itemsPerPage=100')).json().data as Array<{
      uuid: string;
      jobTitle: string | null;
    }>;
    expect(everyone.every((p) => p.jobTitle)).toBe(true);
    // One person left a month ago (employment ended, access disabled): the admins' "Former" filter.
    const acmeAdmin = (await login('alice@example.com', 'acme')).json().accessToken;
    const former = (await get('/api/employees?status=ended', acmeAdmin)).json();
    expect(former.totalItems).toBe(1);
    expect(former.data[0]).toMatchObject({ ended: true });
    expect(everyone.map((p) => p.uuid)).not.toContain(former.data[0].uuid);
    const alice = (await login('alice@example.com', 'globex')).json().accessToken;
    const globex = (await get('/api/departments/tree', alice, 'globex')).json().data as Array<{ name: string }>;
    expect(globex.map((d) => d.name).sort()).toEqual(['Logistics', 'Operations']);
  });

  it("gives Acme Vacation and Sick leave with grants, past leave and Bob's pending request for Alice", async () => {
    const bob = (await login('bob@example.com', 'acme')).json().accessToken;
    const alice = (await login('alice@example.com', 'acme')).json().accessToken;
    const get = (url: string, token: string, host = 'acme') => call(t.app, { method: 'GET', url, host, token });
    const balances = (await get('/api/time-off/balances', bob)).json().data as Array<{
      type: { name: string };
      balance: number;
      pending: number;
    }>;
    const byName = Object.fromEntries(balances.map((b) => [b.type.name, b]));
    expect(Object.keys(byName).sort()).toEqual(['Sick leave', 'Vacation']);
    expect(byName.Vacation!.pending).toBe(3);
    const waiting = (await get('/api/time-off/approvals', alice)).json().data;
    expect(waiting).toEqual([
      expect.objectContaining({ person: expect.objectContaining({ firstName: 'Bob' }), amount: 3, status: 'pending' }),
    ]);
    const history = (await get('/api/time-off/requests', alice)).json().data as Array<{ status: string }>;
    expect(history.some((r) => r.status === 'approved')).toBe(true);
    const grace = (await login('grace@globex.example.com', 'globex')).json().accessToken;
    const g = (await get('/api/time-off/balances', grace, 'globex')).json().data;
    expect(g).toEqual([expect.objectContaining({ type: expect.objectContaining({ name: 'Vacation' }), balance: 20 })]);
  });

  it("shows someone on approved leave on Acme's day board today, Bob not clocked in, and the leave in their timesheet", async () => {
    const alice = (await login('alice@example.com', 'acme')).json().accessToken;
    const get = (url: string) => call(t.app, { method: 'GET', url, host: 'acme', token: alice });
    const today = zonedDate(new Date(), 'America/New_York');
    const working = isoWeekday(today) <= 5 && today !== '2026-11-26';
    type Row = { userUuid: string; email: string; status: string; firstIn: string | null; leave: unknown };
    const away = (await get('/api/time-off/calendar?month=' + today.slice(0, 7))).json().data as Array<{
      person: { uuid: string };
      absences: Array<{ startDate: string; endDate: string; status: string; type: { name: string } }>;
    }>;
    const current = away.filter((p) =>
      p.absences.some((a) => a.status === 'approved' && a.startDate <= today && a.endDate >= today),
    );
    expect(current).toHaveLength(1);
    const who = current[0]!.person.uuid;
    const board = (await get('/api/attendance/board?itemsPerPage=100')).json();
    expect(board.date).toBe(today);
    const rows = board.data as Row[];
    const bob = rows.find((r) => r.email === 'bob@example.com')!;
    expect(bob.firstIn).toBeNull();
    // Someone is at work today on any day but Thanksgiving once the morning is past (the support
    // rota works weekends too), and someone is late.
    const nyHour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', hourCycle: 'h23' }).format(
        new Date(),
      ),
    );
    if (today !== '2026-11-26' && nyHour >= 10) {
      expect(board.counts.present + board.counts.late, JSON.stringify(board.counts)).toBeGreaterThan(0);
      expect(board.counts.late, JSON.stringify(board.counts)).toBeGreaterThan(0);
    }
    const row = rows.find((r) => r.userUuid === who)!;
    expect(row.firstIn).toBeNull();
    const sheet = (await get(`/api/attendance/timesheets/${who}?period=week&date=${today}`)).json();
    const day = sheet.days.find((d: { date: string }) => d.date === today);
    if (working) {
      expect(board.counts.onLeave).toBeGreaterThanOrEqual(1);
      expect(row).toMatchObject({ status: 'onLeave', leave: { type: 'Vacation', half: null } });
      expect(['expected', 'absent']).toContain(bob.status);
      expect(day).toMatchObject({ leave: { type: 'Vacation' }, leaveMinutes: day.expectedMinutes });
      expect(sheet.totals.leaveDays).toBeGreaterThanOrEqual(1);
    } else {
      // A weekend or Thanksgiving: nobody is scheduled, the leave takes nothing from the day.
      expect(row).toMatchObject({ status: 'notScheduled', leave: null });
      expect(day).toMatchObject({ leave: null, leaveMinutes: 0 });
    }
  });

  it('keeps attendance true to the people: Bob worked the weeks before today, nobody clocked on approved leave, before their start or after their end', async () => {
    const found = await t.db.system(async (tx) => {
      const [bob] = await rows<{ past: number; today: number }>(
        tx,
        sql`SELECT count(*) FILTER (WHERE e.work_date < ${zonedDate(new Date(), 'America/New_York')}::date)::int AS past,
                   count(*) FILTER (WHERE e.work_date = ${zonedDate(new Date(), 'America/New_York')}::date)::int AS today
              FROM attendance_entries e JOIN users u ON u.id = e.user_id JOIN companies c ON c.id = e.company_id
             WHERE u.email = 'bob@example.com' AND c.sub_domain = 'acme'`,
      );
      const [onLeave] = await rows<{ n: number; leave: number }>(
        tx,
        sql`SELECT count(DISTINCT e.id)::int AS n, (SELECT count(*)::int FROM time_off_requests WHERE status = 'approved') AS leave
              FROM attendance_entries e JOIN time_off_requests r
                ON r.company_id = e.company_id AND r.user_id = e.user_id AND r.status = 'approved'
               AND e.work_date BETWEEN r.start_date AND r.end_date`,
      );
      const [early] = await rows<{ n: number; starts: number }>(
        tx,
        sql`SELECT count(e.id)::int AS n, (SELECT count(*)::int FROM employees WHERE start_date IS NOT NULL) AS starts
              FROM employees p JOIN attendance_entries e
                ON e.company_id = p.company_id AND e.user_id = p.user_id AND e.work_date < p.start_date`,
      );
      const [late] = await rows<{ n: number; ends: number }>(
        tx,
        sql`SELECT count(e.id)::int AS n, (SELECT count(*)::int FROM employees WHERE end_date IS NOT NULL) AS ends
              FROM employees p JOIN attendance_entries e
                ON e.company_id = p.company_id AND e.user_id = p.user_id AND e.work_date > p.end_date`,
      );
      return { bob: bob!, onLeave: onLeave!, early: early!, late: late! };
    });
    // Four weeks of working days, less an absence now and then.
    expect(found.bob.past).toBeGreaterThan(10);
    expect(found.bob.today).toBe(0);
    expect(found.onLeave.leave).toBeGreaterThan(10);
    expect(found.onLeave.n).toBe(0);
    expect(found.early.starts).toBeGreaterThan(40);
    expect(found.early.n).toBe(0);
    // Nor after their employment ended.
    expect(found.late.ends).toBe(1);
    expect(found.late.n).toBe(0);
  });

  it("has Stats tell a policy roll-out over the last 28 days (most of Acme acknowledged, the new policy's outstanding not yet overdue) and most of Acme certified", async () => {
    const alice = (await login('alice@example.com', 'acme')).json().accessToken;
    const res = await call(t.app, { method: 'GET', url: '/api/stats?range=last28', host: 'acme', token: alice });
    expect(res.statusCode, res.body).toBe(200);
    const kpi = res.json().kpis.find((k: { key: string }) => k.key === 'policyCompletion');
    expect(kpi.value).toBeGreaterThan(60);
    expect(kpi.value).toBeLessThan(95);
    expect(kpi.previous).toBeGreaterThan(kpi.value);
    // Most of Acme holds "Security awareness"; "First aid", for everyone too, a few.
    const valid = res.json().kpis.find((k: { key: string }) => k.key === 'certificationsValid');
    expect(valid.value).toBeGreaterThan(30);
  });

  it("holds a member's pending correction request of an auto-closed entry, which Alice, Acme's admin, approves", async () => {
    const res = await login('alice@example.com', 'acme');
    const { accessToken: alice, user } = res.json();
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      call(t.app, { method, url, host: 'acme', token: alice, payload });
    const pending = (await as('GET', '/api/attendance/corrections?status=pending')).json().data as Array<{
      uuid: string;
      user: { uuid: string };
    }>;
    expect(pending).toHaveLength(1);
    // Not Alice's own: an admin's own request waits for another admin (CORRECTION_OWN_ENTRY).
    expect(pending[0]!.user.uuid).not.toBe(user.uuid);
    const approved = await as('POST', `/api/attendance/corrections/${pending[0]!.uuid}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'applied' });
  });
});
