import { zonedInstant } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEntry,
  createHoliday,
  createSchedule,
  setCompanyTimeZone,
  weekdays,
} from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createTeam, createUser, setEmployee } from '../../db/seed/factories';
import { createTimeOffRequest, createTimeOffType } from '../../db/seed/time-off-factories';
import { enqueue } from '../../lib/jobs/queue';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { AUTO_CLOSE_JOB } from './auto-close.service';
import { entriesOfSql, type PeopleCursor, peopleAfter } from './timesheets.repository';

const NY = 'America/New_York';
const BER = 'Europe/Berlin';

let t: TestContext;
let ids: Record<string, string>;
let alice: string;
let bob: string;
let gAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    await setCompanyTimeZone(tx, acme.id, NY);
    await setCompanyTimeZone(tx, globex.id, BER);
    await createSchedule(tx, acme.id, {
      name: 'Office',
      isDefault: true,
      breakMinutes: 30,
      graceMinutes: 10,
      days: weekdays(),
    });
    await createSchedule(tx, globex.id, {
      name: 'Büro',
      isDefault: true,
      breakMinutes: 0,
      graceMinutes: 0,
      days: weekdays('08:00', '16:00'),
    });
    await createHoliday(tx, acme.id, '2026-11-03', 'Election day');
    const mk = async (company: string, email: string, first: string, roles = ['member']) => {
      const u = await createUser(tx, { email, firstName: first });
      await addMembership(tx, company, u.id, { roles });
      return u.id;
    };
    const a = await mk(acme.id, 'alice@acme.test', 'Alice', ['admin']);
    const b = await mk(acme.id, 'bob@acme.test', 'Bob');
    const c = await mk(acme.id, 'carl@acme.test', 'Carl');
    const g = await mk(globex.id, 'gert@globex.test', 'Gert', ['admin']);
    const ny = (d: string, h: string) => zonedInstant(d, h, NY);
    const be = (d: string, h: string) => zonedInstant(d, h, BER);
    // New York, the week of the autumn change (Sunday 2026-11-01 has 25 hours).
    // A Saturday night shift across the change: 22:00 → 06:00 is 9 hours, and counts to Saturday.
    await createEntry(tx, acme.id, {
      userId: b,
      workDate: '2026-10-31',
      clockIn: ny('2026-10-31', '22:00'),
      clockOut: ny('2026-11-01', '06:00'),
    });
    // Monday: late (09:25 > 09:10), two pairs with a 20-minute gap; the 30-minute break takes 10 more.
    await createEntry(tx, acme.id, {
      userId: b,
      workDate: '2026-11-02',
      clockIn: ny('2026-11-02', '09:25'),
      clockOut: ny('2026-11-02', '12:00'),
    });
    await createEntry(tx, acme.id, {
      userId: b,
      workDate: '2026-11-02',
      clockIn: ny('2026-11-02', '12:20'),
      clockOut: ny('2026-11-02', '18:00'),
    });
    // Berlin, spring: Saturday 2026-03-28 22:00 → Sunday 06:00 across the 23-hour day is 7 hours.
    await createEntry(tx, globex.id, {
      userId: g,
      workDate: '2026-03-28',
      clockIn: be('2026-03-28', '22:00'),
      clockOut: be('2026-03-29', '06:00'),
    });
    // Berlin, autumn: Saturday 2026-10-24 22:00 → Sunday 06:00 across the 25-hour day is 9 hours.
    await createEntry(tx, globex.id, {
      userId: g,
      workDate: '2026-10-24',
      clockIn: be('2026-10-24', '22:00'),
      clockOut: be('2026-10-25', '06:00'),
    });
    // New York spring: Saturday 2026-03-07 22:00 → Sunday 06:00 is 7 hours.
    await createEntry(tx, acme.id, {
      userId: c,
      workDate: '2026-03-07',
      clockIn: ny('2026-03-07', '22:00'),
      clockOut: ny('2026-03-08', '06:00'),
    });
    const team = await createTeam(tx, acme.id, { name: 'Ops', memberIds: [c] });
    // Bob's approved time off that week: Tuesday (the holiday) and Wednesday, on which he came in for
    // two hours anyway; Thursday morning; Friday afternoon (sick). A declined Monday counts for nothing.
    const vacation = await createTimeOffType(tx, acme.id, { name: 'Vacation', color: '#1c7ed6' });
    const sick = await createTimeOffType(tx, acme.id, { name: 'Sick leave', color: '#e8590c' });
    const off = (userId: string, startDate: string, endDate: string, more = {}) =>
      createTimeOffRequest(tx, acme.id, {
        userId,
        typeId: vacation.id,
        startDate,
        endDate,
        amount: 1,
        status: 'approved',
        decidedBy: a,
        ...more,
      });
    await off(b, '2026-11-03', '2026-11-04');
    await off(b, '2026-11-05', '2026-11-05', { endHalf: true });
    await off(b, '2026-11-06', '2026-11-06', { startHalf: true, typeId: sick.id });
    await off(b, '2026-11-02', '2026-11-02', { status: 'declined' });
    await createEntry(tx, acme.id, {
      userId: b,
      workDate: '2026-11-04',
      clockIn: ny('2026-11-04', '10:00'),
      clockOut: ny('2026-11-04', '12:00'),
    });
    await createEntry(tx, acme.id, {
      userId: b,
      workDate: '2026-11-05',
      clockIn: ny('2026-11-05', '13:00'),
      clockOut: ny('2026-11-05', '17:30'),
    });
    // Carl's Wednesday: a morning of one request and an afternoon of another make a whole day.
    await off(c, '2026-11-04', '2026-11-04', { endHalf: true });
    await off(c, '2026-11-04', '2026-11-04', { startHalf: true, typeId: sick.id });
    return { acme: acme.id, globex: globex.id, a, b, c, g, team: team.id };
  });
  alice = (await tokenFor(t.app, ids.a!, ids.acme!)).token;
  bob = (await tokenFor(t.app, ids.b!, ids.acme!)).token;
  gAdmin = (await tokenFor(t.app, ids.g!, ids.globex!)).token;
});
afterAll(() => t.close());

const get = (url: string, token = alice, host = 'acme') => call(t.app, { method: 'GET', url, host, token });
type Day = {
  date: string;
  workedMinutes: number;
  expectedMinutes: number;
  lateMinutes: number;
  overtimeMinutes: number;
  holiday: string | null;
  leave: { type: string; color: string; half: string | null } | null;
  leaveMinutes: number;
};
const day = (sheet: { days: Day[] }, date: string) => sheet.days.find((d) => d.date === date)!;

describe('timesheets', () => {
  it("a week in the company's zone, around the 25-hour day in New York", async () => {
    const res = await get(`/api/attendance/timesheets/${ids.b}?period=week&date=2026-11-02`);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ from: '2026-11-02', to: '2026-11-08', timeZone: NY, locked: false });
    // Monday: 155 + 340 = 495 minutes, 20 of the 30-minute break taken between the pairs.
    expect(day(s, '2026-11-02')).toMatchObject({
      workedMinutes: 485,
      expectedMinutes: 450,
      overtimeMinutes: 35,
      lateMinutes: 25,
    });
    expect(day(s, '2026-11-03')).toMatchObject({ holiday: 'Election day', expectedMinutes: 0 });
    expect(s.totals).toMatchObject({
      workedMinutes: 485 + 90 + 240,
      expectedMinutes: 450 * 4,
      lateDays: 1,
      lateMinutes: 25,
    });
    const before = await get(`/api/attendance/timesheets/${ids.b}?period=week&date=2026-10-31`);
    // A shift across midnight counts to the day it started, 9 real hours across the repeated hour.
    expect(day(before.json(), '2026-10-31')).toMatchObject({
      workedMinutes: 540,
      expectedMinutes: 0,
      overtimeMinutes: 540,
    });
    expect(day(before.json(), '2026-11-01').workedMinutes).toBe(0);
  });

  it('approved leave fills the day, covers its expected hours and is neither late, absent nor overtime', async () => {
    const s = (await get(`/api/attendance/timesheets/${ids.b}?period=week&date=2026-11-02`)).json();
    // A declined request is no leave; Monday stays as worked.
    expect(day(s, '2026-11-02')).toMatchObject({ leave: null, leaveMinutes: 0, lateMinutes: 25 });
    // Leave over a holiday takes nothing from it.
    expect(day(s, '2026-11-03')).toMatchObject({ holiday: 'Election day', leave: null, leaveMinutes: 0 });
    // A whole day: in at 10:00 anyway, two hours less the 30-minute break, no lateness, no overtime.
    expect(day(s, '2026-11-04')).toMatchObject({
      leave: { type: 'Vacation', color: '#1c7ed6', half: null },
      expectedMinutes: 450,
      leaveMinutes: 450,
      workedMinutes: 90,
      lateMinutes: 0,
      overtimeMinutes: 0,
    });
    // Morning off: in at 13:00 is not late; 240 worked against the 225 still due is 15 overtime.
    expect(day(s, '2026-11-05')).toMatchObject({
      leave: { type: 'Vacation', half: 'morning' },
      leaveMinutes: 225,
      workedMinutes: 240,
      lateMinutes: 0,
      overtimeMinutes: 15,
    });
    // Afternoon off (sick), nobody clocked: a half day of leave, not an absence.
    expect(day(s, '2026-11-06')).toMatchObject({
      leave: { type: 'Sick leave', color: '#e8590c', half: 'afternoon' },
      leaveMinutes: 225,
      workedMinutes: 0,
    });
    expect(s.totals).toMatchObject({
      expectedMinutes: 1800,
      leaveDays: 2,
      leaveMinutes: 450 + 225 + 225,
      absentDays: 0,
      overtimeMinutes: 35 + 15,
    });
    const carl = (await get(`/api/attendance/timesheets/${ids.c}?period=week&date=2026-11-02`)).json();
    expect(day(carl, '2026-11-04')).toMatchObject({ leave: { half: null }, leaveMinutes: 450 });
    // Carl was in on no other day of the week, all past: three absences, one day of leave.
    expect(carl.totals).toMatchObject({ leaveDays: 1, absentDays: 3 });
    const mine = (await get('/api/attendance/me/timesheet?period=week&date=2026-11-02', bob)).json();
    expect(mine.totals.leaveDays).toBe(2);
    // Another company sees none of it: Gert's week has no leave.
    const g = (await get(`/api/attendance/timesheets/${ids.g}?period=week&date=2026-11-02`, gAdmin, 'globex')).json();
    expect(g.totals).toMatchObject({ leaveDays: 0, leaveMinutes: 0 });
  });

  it('outside the employment nothing is expected: no absence, no leave, no lateness (sheet and export)', async () => {
    await t.db.system((tx) => setEmployee(tx, ids.acme!, ids.c!, { endDate: '2026-11-03' }));
    try {
      const carl = (await get(`/api/attendance/timesheets/${ids.c}?period=week&date=2026-11-02`)).json();
      // Monday still scheduled (absent), Tuesday the holiday; from Wednesday on no schedule.
      expect(day(carl, '2026-11-02')).toMatchObject({ expectedMinutes: 450 });
      for (const date of ['2026-11-04', '2026-11-05', '2026-11-06'])
        expect(day(carl, date)).toMatchObject({ expectedMinutes: 0, leave: null, leaveMinutes: 0, lateMinutes: 0 });
      expect(carl.totals).toMatchObject({ expectedMinutes: 450, absentDays: 1, leaveDays: 0, leaveMinutes: 0 });
      const csv = (await get('/api/attendance/timesheets/export.csv?period=week&date=2026-11-02')).body.split('\r\n');
      expect(csv).toContain('carl@acme.test,Carl,Tester,2026-11-02,,,0.00,7.50,0.00,0,,,,');
      expect(csv).toContain('carl@acme.test,Carl,Tester,2026-11-04,,,0.00,0.00,0.00,0,,,,');
      // On the end date itself the schedule still holds; Bob's week is untouched.
      await t.db.system((tx) => setEmployee(tx, ids.acme!, ids.c!, { endDate: '2026-11-06' }));
      const lastDay = (await get(`/api/attendance/timesheets/${ids.c}?period=week&date=2026-11-02`)).json();
      expect(day(lastDay, '2026-11-06').expectedMinutes).toBe(450);
      expect(lastDay.totals).toMatchObject({ leaveDays: 1, absentDays: 3 });
      // Before the start date neither: starting on Thursday, Monday is not an absence.
      await t.db.system((tx) => setEmployee(tx, ids.acme!, ids.c!, { startDate: '2026-11-05', endDate: null }));
      const started = (await get(`/api/attendance/timesheets/${ids.c}?period=week&date=2026-11-02`)).json();
      expect(day(started, '2026-11-02').expectedMinutes).toBe(0);
      expect(day(started, '2026-11-05').expectedMinutes).toBe(450);
      expect(started.totals).toMatchObject({ expectedMinutes: 900, absentDays: 2, leaveDays: 0 });
    } finally {
      await t.db.system((tx) => setEmployee(tx, ids.acme!, ids.c!, { startDate: null, endDate: null }));
    }
  });

  it('the 23-hour day in New York, the 23- and 25-hour days in Berlin, another company in its own zone', async () => {
    const ny = await get(`/api/attendance/timesheets/${ids.c}?period=month&date=2026-03-15`);
    expect(ny.json()).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });
    expect(day(ny.json(), '2026-03-07').workedMinutes).toBe(420);
    const spring = await get(`/api/attendance/timesheets/${ids.g}?period=month&date=2026-03-01`, gAdmin, 'globex');
    expect(spring.json().timeZone).toBe(BER);
    expect(day(spring.json(), '2026-03-28').workedMinutes).toBe(420);
    const autumn = await get(`/api/attendance/timesheets/${ids.g}?period=week&date=2026-10-24`, gAdmin, 'globex');
    expect(day(autumn.json(), '2026-10-24').workedMinutes).toBe(540);
    // Berlin's Monday 08:00–16:00 is 480 expected minutes, New York's 09:00–17:00 less 30 is 450.
    expect(day(autumn.json(), '2026-10-19').expectedMinutes).toBe(480);
  });

  it('a member reads their own; another company’s person is not found; a bad date is a 400', async () => {
    const mine = await get('/api/attendance/me/timesheet?period=week&date=2026-11-02', bob);
    expect(mine.json().user.uuid).toBe(ids.b);
    expect(day(mine.json(), '2026-11-02').workedMinutes).toBe(485);
    expect((await get(`/api/attendance/timesheets/${ids.g}?period=week`)).statusCode).toBe(404);
    expect((await get(`/api/attendance/timesheets/${ids.b}?date=2026-02-30`)).statusCode).toBe(400);
    expect((await get(`/api/attendance/timesheets/${ids.b}?date=2200-01-01`)).statusCode).toBe(400);
    expect((await get(`/api/attendance/timesheets/${ids.a}?period=week`, bob)).statusCode).toBe(403);
  });

  it("reads a person's entries of a period from the index alone (migration 0039), on PGlite and PostgreSQL", async () => {
    // A person's days lie on as many table pages as days; the timesheet and the export must not
    // visit them. Scans that could skip the index are switched off so the small test table's plan
    // is the one a large company gets.
    await t.db.query('VACUUM (ANALYZE) attendance_entries', []);
    const plan = await t.db.scoped({ companyId: ids.acme!, userId: alice }, async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const statement = entriesOfSql(ids.acme!, [ids.b!], '2026-11-01', '2026-11-30');
      const [row] = await rows<{ 'QUERY PLAN': unknown }>(tx, sql`EXPLAIN (FORMAT JSON) ${statement}`);
      return JSON.stringify(row!['QUERY PLAN']);
    });
    expect(plan).toContain('"Node Type":"Index Only Scan"');
    expect(plan).toContain('"Index Name":"attendance_entries_user_day_idx"');
    const sheet = await get(`/api/attendance/timesheets/${ids.b}?period=month&date=2026-11-02`);
    expect(day(sheet.json(), '2026-11-02').workedMinutes).toBe(485);
  });

  it('exports the company or a team as CSV, one line per person and day', async () => {
    const res = await get('/api/attendance/timesheets/export.csv?period=week&date=2026-11-02');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'email,firstName,lastName,date,firstIn,lastOut,workedHours,expectedHours,overtimeHours,lateMinutes,holiday,leave,leaveHours,autoClosed',
    );
    expect(lines).toHaveLength(1 + 3 * 7);
    expect(lines).toContain('bob@acme.test,Bob,Tester,2026-11-02,09:25,18:00,8.08,7.50,0.58,25,,,,');
    expect(lines).toContain('bob@acme.test,Bob,Tester,2026-11-03,,,0.00,0.00,0.00,0,Election day,,,');
    expect(lines).toContain('bob@acme.test,Bob,Tester,2026-11-04,10:00,12:00,1.50,7.50,0.00,0,,Vacation,7.50,');
    expect(lines).toContain(
      'bob@acme.test,Bob,Tester,2026-11-05,13:00,17:30,4.00,7.50,0.25,0,,Vacation (morning),3.75,',
    );
    expect(lines).toContain('bob@acme.test,Bob,Tester,2026-11-06,,,0.00,7.50,0.00,0,,Sick leave (afternoon),3.75,');
    expect(lines).toContain('carl@acme.test,Carl,Tester,2026-11-04,,,0.00,7.50,0.00,0,,Vacation,7.50,');
    // People in the members list's name order, each person's week together.
    const byName = await t.db.system((tx) =>
      rows<{ email: string }>(
        tx,
        sql`SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.company_id = ${ids.acme} ORDER BY m.sort_name, m.id`,
      ),
    );
    expect([...new Set(lines.slice(1).map((l) => l.split(',')[0]))]).toEqual(byName.map((r) => r.email));
    // The batches walk that order by key: one at a time, everyone once.
    const walked: string[] = [];
    let after: PeopleCursor | null = null;
    for (;;) {
      const [p] = await t.db.scoped({ companyId: ids.acme! }, (tx) => peopleAfter(tx, ids.acme!, after, 1));
      if (!p) break;
      walked.push(p.email);
      after = { k: p.k, id: p.id };
    }
    expect(walked).toEqual(byName.map((r) => r.email));
    const team = await get(`/api/attendance/timesheets/export.csv?period=week&date=2026-11-02&team=${ids.team}`);
    expect(team.body.trim().split('\r\n')).toHaveLength(1 + 7);
    expect(team.body).not.toContain('bob@acme.test');
  });
});

describe('the forgotten clock-out job', () => {
  it('closes an entry left open at the scheduled end, once, however often the job comes', async () => {
    const open = await t.db.system(async (tx) =>
      createEntry(tx, ids.acme!, {
        userId: ids.a!,
        workDate: '2026-11-04',
        clockIn: zonedInstant('2026-11-04', '09:00', NY),
        clockOut: null,
      }),
    );
    const job = { type: AUTO_CLOSE_JOB, companyId: ids.acme!, key: `cron:${AUTO_CLOSE_JOB}:${ids.acme}:2026-11-05` };
    expect(await t.db.system((tx) => enqueue(tx, job))).not.toBeNull();
    // The same company and day again: no second job.
    expect(await t.db.system((tx) => enqueue(tx, job))).toBeNull();
    t.app.jobs.wake();
    const state = async () =>
      (
        await t.db.system((tx) =>
          rows<{ status: string; clock_out: Date | null; recorded_out: Date | null }>(
            tx,
            sql`SELECT status, clock_out, recorded_out FROM attendance_entries WHERE id = ${open.id}`,
          ),
        )
      )[0]!;
    await expect.poll(async () => (await state()).status, { timeout: 10_000 }).toBe('auto_closed');
    const e = await state();
    expect(new Date(e.clock_out!).toISOString()).toBe(zonedInstant('2026-11-04', '17:00', NY).toISOString());
    expect(e.recorded_out).toBeNull();
    // A later run (the next day, or after a restart) finds nothing left to close.
    await t.db.system((tx) => enqueue(tx, { ...job, key: `${job.key}-next` }));
    t.app.jobs.wake();
    await expect
      .poll(
        async () =>
          (
            await t.db.system((tx) =>
              rows<{ n: number }>(
                tx,
                sql`SELECT count(*)::int AS n FROM jobs WHERE type = ${AUTO_CLOSE_JOB} AND state = 'done'`,
              ),
            )
          )[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(2);
    const audits = await t.db.system((tx) =>
      rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'attendance.auto_close' AND target_id = ${open.id}`,
      ),
    );
    expect(audits[0]!.n).toBe(1);
    const sheet = await get(`/api/attendance/timesheets/${ids.a}?period=week&date=2026-11-04`);
    expect(day(sheet.json(), '2026-11-04')).toMatchObject({ workedMinutes: 450 });
    expect(sheet.json().days.find((d: { date: string }) => d.date === '2026-11-04').autoClosed).toBe(true);
  });

  it('leaves an entry whose day has not ended plus the margin', async () => {
    const now = await call(t.app, {
      method: 'POST',
      url: '/api/attendance/me/clock-in',
      host: 'acme',
      token: bob,
      payload: { idempotencyKey: 'job-test-open' },
    });
    expect(now.statusCode).toBe(200);
    await t.db.system((tx) => enqueue(tx, { type: AUTO_CLOSE_JOB, companyId: ids.acme!, key: 'cron:auto:today' }));
    t.app.jobs.wake();
    await expect
      .poll(
        async () =>
          (
            await t.db.system((tx) =>
              rows<{ state: string }>(tx, sql`SELECT state FROM jobs WHERE key = 'cron:auto:today'`),
            )
          )[0]!.state,
        { timeout: 10_000 },
      )
      .toBe('done');
    const me = await get('/api/attendance/me', bob);
    expect(me.json().open?.uuid).toBe(now.json().uuid);
  });
});
