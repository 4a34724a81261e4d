import { addDays, zonedDate, zonedInstant } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntry, createSchedule, setCompanyTimeZone, weekdays } from '../../db/seed/attendance-factories';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../../db/seed/factories';
import { createCtx, forCompany } from '../../lib/context';
import { createTimeOffRequest, createTimeOffType } from '../../db/seed/time-off-factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { periodOf, previousOf, sampleDays } from './stats.service';
import * as service from './stats.service';

const TZ = 'Europe/Berlin';
// Two past weeks: Monday 2026-10-19 … Sunday 2026-11-01 (the autumn change is Sunday 2026-10-25).
const FROM = '2026-10-19';
const TO = '2026-11-01';

let t: TestContext;
let ids: Record<string, string>;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    await setCompanyTimeZone(tx, globex.id, TZ);
    await createSchedule(tx, globex.id, {
      name: 'Office',
      isDefault: true,
      graceMinutes: 10,
      days: weekdays('09:00', '17:00'),
    });
    const mk = async (first: string, roles = ['member']) => {
      const u = await createUser(tx, { email: `${first.toLowerCase()}@globex.test`, firstName: first });
      await addMembership(tx, globex.id, u.id, { roles });
      return u.id;
    };
    const anna = await mk('Anna', ['admin']);
    const ben = await mk('Ben');
    const cara = await mk('Cara');
    const dirk = await mk('Dirk');
    const sales = await createDepartment(tx, globex.id, { name: 'Sales' });
    await setEmployee(tx, globex.id, anna, { startDate: '2020-01-01' });
    await setEmployee(tx, globex.id, ben, { startDate: '2020-01-01', departmentId: sales.id });
    // Cara joins inside the period, Dirk leaves inside it.
    await setEmployee(tx, globex.id, cara, { startDate: '2026-10-26', departmentId: sales.id });
    await setEmployee(tx, globex.id, dirk, { startDate: '2020-01-01', endDate: '2026-10-23' });
    const at = (d: string, time: string) => zonedInstant(d, time, TZ);
    // Anna every weekday 9:00–18:00 (an hour of overtime each), Ben late on Mondays, on time else.
    for (const d of [
      '2026-10-19',
      '2026-10-20',
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
    ]) {
      await createEntry(tx, globex.id, {
        userId: anna,
        workDate: d,
        clockIn: at(d, '09:00'),
        clockOut: at(d, '18:00'),
      });
      const monday = d === '2026-10-19' || d === '2026-10-26';
      await createEntry(tx, globex.id, {
        userId: ben,
        workDate: d,
        clockIn: at(d, monday ? '09:30' : '08:55'),
        clockOut: at(d, '17:00'),
      });
    }
    const other = await createUser(tx, { email: 'x@acme.test', firstName: 'Xavier' });
    await addMembership(tx, acme.id, other.id);
    const foreignTeam = await createTeam(tx, acme.id, { name: 'Foreign' });
    const foreignDept = await createDepartment(tx, acme.id, { name: 'Foreign' });
    const team = await createTeam(tx, globex.id, { name: 'Ops', memberIds: [ben, cara] });
    // Time off: Ben 2 days in the period and 1 before it, Cara 4 hours; declined and pending do not count.
    const vacation = await createTimeOffType(tx, globex.id, { name: 'Vacation', color: 'teal' });
    const doctor = await createTimeOffType(tx, globex.id, { name: 'Doctor', unit: 'hours', color: 'grape' });
    const off = (userId: string, typeId: string, startDate: string, amount: number, status = 'approved' as const) =>
      createTimeOffRequest(tx, globex.id, { userId, typeId, startDate, endDate: startDate, amount, status });
    await off(ben, vacation.id, '2026-10-20', 2);
    await off(ben, vacation.id, '2026-10-12', 1);
    await off(cara, doctor.id, '2026-10-28', 4);
    await createTimeOffRequest(tx, globex.id, {
      userId: anna,
      typeId: vacation.id,
      startDate: '2026-10-21',
      endDate: '2026-10-21',
      amount: 1,
      status: 'declined',
    });
    await createTimeOffRequest(tx, globex.id, {
      userId: anna,
      typeId: vacation.id,
      startDate: '2026-10-22',
      endDate: '2026-10-22',
      amount: 1,
      status: 'pending',
    });
    const theirType = await createTimeOffType(tx, acme.id, { name: 'Vacation' });
    await createTimeOffRequest(tx, acme.id, {
      userId: other.id,
      typeId: theirType.id,
      startDate: '2026-10-20',
      endDate: '2026-10-20',
      amount: 3,
      status: 'approved',
    });
    return {
      globex: globex.id,
      anna,
      ben,
      cara,
      dirk,
      team: team.id,
      sales: sales.id,
      foreignTeam: foreignTeam.id,
      foreignDept: foreignDept.id,
    };
  });
  admin = (await tokenFor(t.app, ids.anna!, ids.globex!)).token;
  member = (await tokenFor(t.app, ids.ben!, ids.globex!)).token;
});
afterAll(() => t.close());

const get = (query: string, token = admin, lang = 'en') =>
  call(t.app, {
    method: 'GET',
    url: `/api/stats?${query}`,
    host: 'globex',
    token,
    headers: { 'accept-language': lang },
  });
const kpi = (body: { kpis: Array<{ key: string; value: number | null }> }, key: string) =>
  body.kpis.find((k) => k.key === key)?.value;

describe('GET /api/stats', () => {
  it('computes every KPI of a custom range', async () => {
    const r = await get(`range=custom&from=${FROM}&to=${TO}`);
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.period).toEqual({ from: FROM, to: TO });
    expect(b.previousPeriod).toEqual({ from: '2026-10-05', to: '2026-10-18' });
    expect(kpi(b, 'headcountStart')).toBe(3);
    expect(kpi(b, 'headcountEnd')).toBe(3);
    expect(kpi(b, 'joiners')).toBe(1);
    expect(kpi(b, 'leavers')).toBe(1);
    expect(kpi(b, 'turnover')).toBeCloseTo((1 / 3) * 100);
    // Scheduled: Anna 10, Ben 10, Cara 5 (from the 26th), Dirk 5 (to the 23rd) = 30, less Cara's
    // approved leave on the 28th (she did not come: not expected, as on the day board) = 29;
    // present 20 (Ben came on the 20th despite his leave: present).
    expect(kpi(b, 'attendanceRate')).toBeCloseTo((20 / 29) * 100);
    expect(kpi(b, 'absenceRate')).toBeCloseTo((9 / 29) * 100);
    expect(kpi(b, 'latenessRate')).toBeCloseTo((2 / 20) * 100);
    // Approved day-type time off starting in the period; the hour type is in the chart, in hours.
    expect(kpi(b, 'timeOffDays')).toBe(2);
    expect(b.kpis.find((k: { key: string }) => k.key === 'timeOffDays').previous).toBe(1);
    expect(b.timeOff.map(({ typeUuid: _u, ...x }: { typeUuid: string }) => x)).toEqual([
      { name: 'Doctor', color: 'grape', unit: 'hours', amount: 4 },
      { name: 'Vacation', color: 'teal', unit: 'days', amount: 2 },
    ]);
    // Anna 9 h × 10, Ben 7.5 h × 8 + 8.0833 h × 2 over 20 days.
    expect(kpi(b, 'avgWorkedHours')).toBeCloseTo((90 + 8 * (8 + 5 / 60) + 2 * 7.5) / 20);
    expect(kpi(b, 'overtimeHours')).toBeCloseTo(10 + 8 * (5 / 60));
    expect(b.weekdays.find((w: { weekday: number }) => w.weekday === 1)).toEqual({
      weekday: 1,
      present: 4,
      late: 2,
      latenessRate: 50,
    });
    expect(b.weeks.map((w: { weekStart: string }) => w.weekStart)).toEqual(['2026-10-19', '2026-10-26']);
    expect(b.headcount.at(-1)).toEqual({ date: TO, headcount: 3 });
    const prev = b.kpis.find((k: { key: string }) => k.key === 'attendanceRate');
    expect(prev.previous).toBeCloseTo(0);
    expect(prev.change).toBeCloseTo((20 / 29) * 100);
  });

  it('filters by team and by department', async () => {
    const team = (await get(`range=custom&from=${FROM}&to=${TO}&team=${ids.team}`)).json();
    expect(kpi(team, 'headcountEnd')).toBe(2);
    expect(kpi(team, 'attendanceRate')).toBeCloseTo((10 / 14) * 100);
    const dept = (await get(`range=custom&from=${FROM}&to=${TO}&department=${ids.sales}`)).json();
    expect(kpi(dept, 'joiners')).toBe(1);
    expect(kpi(dept, 'latenessRate')).toBeCloseTo(20);
  });

  it('keeps the aggregate in step with every write, and the rebuild agrees', async () => {
    const before = (await get(`range=custom&from=${FROM}&to=${TO}`)).json();
    const ctx = forCompany(createCtx(t.app), ids.globex!);
    const n = await service.rebuild(ctx);
    expect(n).toBe(20);
    expect((await get(`range=custom&from=${FROM}&to=${TO}`)).json()).toEqual(before);
    await t.db.system(async (tx) => {
      await createEntry(tx, ids.globex!, {
        userId: ids.cara!,
        workDate: '2026-10-27',
        clockIn: zonedInstant('2026-10-27', '09:00', TZ),
        clockOut: zonedInstant('2026-10-27', '17:00', TZ),
      });
    });
    const after = (await get(`range=custom&from=${FROM}&to=${TO}`)).json();
    expect(kpi(after, 'attendanceRate')).toBeCloseTo((21 / 29) * 100);
  });

  it('takes a removed member out of the time-off figures (their requests go by cascade)', async () => {
    const { company, gone } = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Initech', subDomain: 'initech' });
      const mk = async (first: string) => {
        const u = await createUser(tx, { email: `${first.toLowerCase()}@initech.test`, firstName: first });
        await addMembership(tx, c.id, u.id);
        return u.id;
      };
      const keep = await mk('Kim');
      const gone = await mk('Gil');
      await createTeam(tx, c.id, { name: 'Both', memberIds: [keep, gone] });
      const vacation = await createTimeOffType(tx, c.id, { name: 'Vacation' });
      for (const [userId, amount] of [
        [keep, 2],
        [gone, 3],
      ] as const)
        await createTimeOffRequest(tx, c.id, {
          userId,
          typeId: vacation.id,
          startDate: '2026-10-20',
          endDate: '2026-10-22',
          amount,
          status: 'approved',
        });
      return { company: c.id, gone };
    });
    const ctx = forCompany(createCtx(t.app), company);
    const timeOff = async () =>
      (await service.stats(ctx, { range: 'custom', from: FROM, to: TO })).kpis.find((k) => k.key === 'timeOffDays')
        ?.value;
    expect(await timeOff()).toBe(5);
    await t.db.system((tx) =>
      tx.execute(sql`DELETE FROM memberships WHERE company_id = ${company} AND user_id = ${gone}`),
    );
    expect(await timeOff()).toBe(2);
    await service.rebuild(ctx);
    expect(await timeOff()).toBe(2);
  });

  it('answers the named ranges', async () => {
    for (const range of ['last28', 'lastMonth', 'lastYear']) {
      const r = await get(`range=${range}`);
      expect(r.statusCode).toBe(200);
      expect(r.json().kpis).toHaveLength(14);
    }
  });

  it('refuses bad input with a translated 400, and foreign filters with a 404', async () => {
    const inverted = await get(`range=custom&from=${TO}&to=${FROM}`, admin, 'de');
    expect(inverted.statusCode).toBe(400);
    expect(JSON.stringify(inverted.json())).toContain('Das Ende darf nicht vor dem Anfang liegen.');
    const long = await get('range=custom&from=2020-01-01&to=2026-01-01', admin, 'fr');
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('5 ans');
    expect((await get('range=custom&from=2026-01-01')).statusCode).toBe(400);
    // A range starting after the company's today: refused at its first day; one starting today is answered.
    const future = await get('range=custom&from=2099-01-01&to=2099-01-31', admin, 'pt');
    expect(future.statusCode).toBe(400);
    expect(future.json().issues).toEqual([
      { path: 'querystring.from', code: 'rangeInFuture', message: 'O período não pode começar depois de hoje.' },
    ]);
    const today = zonedDate(new Date(), TZ);
    const tomorrow = await get(`range=custom&from=${addDays(today, 1)}&to=${addDays(today, 1)}`);
    expect(tomorrow.json().issues).toEqual([
      { path: 'querystring.from', code: 'rangeInFuture', message: 'The range must not start after today.' },
    ]);
    const fromToday = await get(`range=custom&from=${today}&to=${addDays(today, 6)}`);
    expect(fromToday.statusCode).toBe(200);
    // The answer says that today, for the console's calendar to offer no later day.
    expect(fromToday.json().today).toBe(today);
    expect((await get('range=forever')).statusCode).toBe(400);
    expect((await get('team=nope')).statusCode).toBe(400);
    const foreignTeam = await get(`team=${ids.foreignTeam}`);
    expect(foreignTeam.statusCode).toBe(404);
    expect(JSON.stringify(foreignTeam.json())).not.toContain('Foreign');
    expect((await get(`department=${ids.foreignDept}`)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await get('range=last28', member)).statusCode).toBe(403);
  });
});

describe('periods', () => {
  it('names the ranges and the previous period of equal length', () => {
    expect(periodOf({ range: 'last28' }, '2026-11-23')).toEqual({ from: '2026-10-27', to: '2026-11-23' });
    expect(periodOf({ range: 'lastMonth' }, '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf({ range: 'lastYear' }, '2026-11-23')).toEqual({ from: '2025-11-24', to: '2026-11-23' });
    expect(previousOf({ from: '2026-02-01', to: '2026-02-28' })).toEqual({ from: '2026-01-04', to: '2026-01-31' });
    const s = sampleDays({ from: '2025-01-01', to: '2025-12-31' });
    expect(s.length).toBeLessThanOrEqual(62);
    expect(s.at(-1)).toBe('2025-12-31');
  });
});
