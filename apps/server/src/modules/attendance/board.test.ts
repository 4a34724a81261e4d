import { addDays, zonedDate, zonedInstant } from '@wac/shared/zoned-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEntry,
  createHoliday,
  createSchedule,
  setCompanyTimeZone,
  weekdays,
} from '../../db/seed/attendance-factories';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../../db/seed/factories';
import { createTimeOffRequest, createTimeOffType } from '../../db/seed/time-off-factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { createCtx, forCompany } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { board as boardOf, statusOf } from './board.service';

const TZ = 'Europe/Berlin';
// A past Monday, so "now" is after every start plus grace: the 25-hour day of the autumn change is the Sunday before.
const DAY = '2026-10-26';
const LEAVE_DAY = '2026-10-28';

let t: TestContext;
let ids: Record<string, string>;
let admin: string;

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
    const other = await createUser(tx, { email: 'x@acme.test', firstName: 'Xavier' });
    await addMembership(tx, acme.id, other.id);
    const at = (time: string) => zonedInstant(DAY, time, TZ);
    // Anna on time in two pairs, Ben late (09:25 > 09:10), Cara and Dirk absent.
    await createEntry(tx, globex.id, { userId: anna, workDate: DAY, clockIn: at('08:55'), clockOut: at('12:00') });
    await createEntry(tx, globex.id, { userId: anna, workDate: DAY, clockIn: at('12:30'), clockOut: at('17:05') });
    await createEntry(tx, globex.id, { userId: ben, workDate: DAY, clockIn: at('09:25'), clockOut: at('17:00') });
    await createEntry(tx, acme.id, { userId: other.id, workDate: DAY, clockIn: at('09:00'), clockOut: at('10:00') });
    const team = await createTeam(tx, globex.id, { name: 'Ops', memberIds: [ben, cara] });
    const field = await createDepartment(tx, globex.id, { name: 'Field' });
    await setEmployee(tx, globex.id, ben, { departmentId: field.id });
    await setEmployee(tx, globex.id, cara, { departmentId: field.id });
    await setEmployee(tx, globex.id, dirk, { jobTitle: 'No department' });
    const acmeDept = await createDepartment(tx, acme.id, { name: 'Elsewhere' });

    // Time off in the week after DAY (Wednesday LEAVE_DAY on): nothing of it touches DAY itself.
    const vacation = await createTimeOffType(tx, globex.id, { name: 'Vacation', color: '#2f9e44' });
    const sick = await createTimeOffType(tx, globex.id, { name: 'Sick leave', color: '#e8590c' });
    const off = (userId: string, startDate: string, endDate: string, more = {}) =>
      createTimeOffRequest(tx, globex.id, {
        userId,
        typeId: vacation.id,
        startDate,
        endDate,
        amount: 1,
        status: 'approved',
        decidedBy: anna,
        ...more,
      });
    // Cara: Wednesday to Friday, Friday a holiday. Dirk: Wednesday afternoon only (sick).
    await off(cara, LEAVE_DAY, '2026-10-30');
    await createHoliday(tx, globex.id, '2026-10-30', 'Founders day');
    await off(dirk, LEAVE_DAY, LEAVE_DAY, { typeId: sick.id, startHalf: true });
    // Ben: Wednesday and Thursday morning, but he came in on both.
    await off(ben, LEAVE_DAY, '2026-10-29', { endHalf: true });
    const on = (d: string, time: string) => zonedInstant(d, time, TZ);
    await createEntry(tx, globex.id, {
      userId: ben,
      workDate: LEAVE_DAY,
      clockIn: on(LEAVE_DAY, '09:30'),
      clockOut: on(LEAVE_DAY, '12:00'),
    });
    await createEntry(tx, globex.id, {
      userId: ben,
      workDate: '2026-10-29',
      clockIn: on('2026-10-29', '13:00'),
      clockOut: on('2026-10-29', '17:00'),
    });
    // Dirk on Thursday: his afternoon off, and in late for the morning still due.
    await off(dirk, '2026-10-29', '2026-10-29', { startHalf: true });
    await createEntry(tx, globex.id, {
      userId: dirk,
      workDate: '2026-10-29',
      clockIn: on('2026-10-29', '09:40'),
      clockOut: on('2026-10-29', '12:00'),
    });
    // Dirk on the Monday after: a morning off (vacation) and an afternoon off (sick), a whole day.
    await off(dirk, '2026-11-02', '2026-11-02', { typeId: sick.id, startHalf: true });
    await off(dirk, '2026-11-02', '2026-11-02', { endHalf: true });
    // Anna's requests are pending, declined or cancelled: none of them puts her on leave.
    await off(anna, LEAVE_DAY, LEAVE_DAY, { status: 'pending', decidedBy: undefined });
    await off(anna, '2026-10-29', '2026-10-29', { status: 'declined' });
    await off(anna, '2026-10-29', '2026-10-29', { status: 'cancelled' });
    // Another company's approved leave on the same day stays there.
    const acmeType = await createTimeOffType(tx, acme.id, { name: 'Vacation' });
    await createTimeOffRequest(tx, acme.id, {
      userId: other.id,
      typeId: acmeType.id,
      startDate: LEAVE_DAY,
      endDate: LEAVE_DAY,
      amount: 1,
      status: 'approved',
    });
    return { globex: globex.id, anna, ben, cara, dirk, team: team.id, field: field.id, acmeDept: acmeDept.id };
  });
  admin = (await tokenFor(t.app, ids.anna!, ids.globex!)).token;
});
afterAll(() => t.close());

const board = (query: string) =>
  call(t.app, { method: 'GET', url: `/api/attendance/board?${query}`, host: 'globex', token: admin });

describe('day board', () => {
  it('counts present, late and absent on a chosen day, in the company zone', async () => {
    const res = await board(`date=${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ date: DAY, timeZone: TZ, totalItems: 4 });
    expect(b.counts).toEqual({ present: 1, late: 1, absent: 2, onLeave: 0, expected: 0, notScheduled: 0 });
    const anna = b.data.find((r: { userUuid: string }) => r.userUuid === ids.anna);
    expect(anna).toMatchObject({ status: 'present', workedMinutes: 185 + 275, clockedIn: false, leave: null });
    expect(anna.firstIn).toBe(zonedInstant(DAY, '08:55', TZ).toISOString());
  });

  it('filters by status, team and search; pages', async () => {
    expect((await board(`date=${DAY}&status=late`)).json().data.map((r: { firstName: string }) => r.firstName)).toEqual(
      ['Ben'],
    );
    expect(
      (await board(`date=${DAY}&team=${ids.team}`)).json().data.map((r: { firstName: string }) => r.firstName),
    ).toEqual(['Ben', 'Cara']);
    expect((await board(`date=${DAY}&search=dir`)).json().totalItems).toBe(1);
    const p = (await board(`date=${DAY}&itemsPerPage=2&page=2`)).json();
    expect(p).toMatchObject({ page: 2, itemsPerPage: 2, totalItems: 4 });
    expect(p.data).toHaveLength(2);
  });

  it('refuses a search matching more people than it judges (SEARCH_TOO_BROAD), whatever the other filters', async () => {
    const ctx = forCompany(createCtx(t.app), ids.globex!);
    // The four people of Globex match "globex.test" (their emails); three may be judged here.
    const refused = await boardOf(
      ctx,
      { date: DAY, search: 'globex.test', page: 1, itemsPerPage: 10 },
      { searchMax: 3 },
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'SEARCH_TOO_BROAD', status: 400, issues: [{ path: 'querystring.search' }] });
    // Short searches (no trigram index) count the same way.
    await expect(
      boardOf(ctx, { date: DAY, search: 'e', page: 1, itemsPerPage: 10 }, { searchMax: 1 }),
    ).rejects.toMatchObject({
      code: 'SEARCH_TOO_BROAD',
    });
    // As many as may be judged, or narrowed by a team to few enough: answered.
    const all = await boardOf(ctx, { date: DAY, search: 'globex.test', page: 1, itemsPerPage: 10 }, { searchMax: 4 });
    expect(all.totalItems).toBe(4);
    const team = await boardOf(
      ctx,
      { date: DAY, search: 'globex.test', team: ids.team, page: 1, itemsPerPage: 10 },
      { searchMax: 3 },
    );
    expect(team.data.map((r) => r.firstName)).toEqual(['Ben', 'Cara']);
  });

  it('filters by department; a department of another company or none at all is not found', async () => {
    const field = (await board(`date=${DAY}&department=${ids.field}`)).json();
    expect(field.data.map((r: { firstName: string }) => r.firstName)).toEqual(['Ben', 'Cara']);
    expect(field.counts).toMatchObject({ late: 1, absent: 1, present: 0 });
    const both = (await board(`date=${DAY}&department=${ids.field}&team=${ids.team}&status=absent`)).json();
    expect(both.data.map((r: { firstName: string }) => r.firstName)).toEqual(['Cara']);
    const foreign = await board(`department=${ids.acmeDept}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().issues[0].path).toBe('querystring.department');
    expect((await board(`department=${ids.globex}`)).statusCode).toBe(404);
    expect((await board('department=not-a-uuid')).statusCode).toBe(400);
  });

  it('approved time off puts a person on leave instead of absent, whole day or half, unless they came in', async () => {
    const b = (await board(`date=${LEAVE_DAY}`)).json();
    // Anna's request is only pending: she is absent. Ben came in on his day off: present, not late.
    expect(b.counts).toEqual({ present: 1, late: 0, absent: 1, onLeave: 2, expected: 0, notScheduled: 0 });
    const by = (name: string) => b.data.find((r: { firstName: string }) => r.firstName === name);
    expect(by('Cara')).toMatchObject({
      status: 'onLeave',
      leave: { type: 'Vacation', color: '#2f9e44', half: null },
      firstIn: null,
    });
    expect(by('Dirk')).toMatchObject({ status: 'onLeave', leave: { type: 'Sick leave', half: 'afternoon' } });
    expect(by('Ben')).toMatchObject({ status: 'present', leave: { type: 'Vacation', half: null } });
    expect(by('Anna')).toMatchObject({ status: 'absent', leave: null });
    const onLeave = (await board(`date=${LEAVE_DAY}&status=onLeave`)).json();
    expect(onLeave.data.map((r: { firstName: string }) => r.firstName)).toEqual(['Cara', 'Dirk']);
    expect(onLeave.totalItems).toBe(2);
    expect((await board(`date=${LEAVE_DAY}&status=onLeave&department=${ids.field}`)).json().totalItems).toBe(1);
  });

  it('a morning off is not late for the afternoon; an afternoon off is still late for the morning', async () => {
    const b = (await board('date=2026-10-29')).json();
    const by = (name: string) => b.data.find((r: { firstName: string }) => r.firstName === name);
    expect(by('Ben')).toMatchObject({ status: 'present', leave: { half: 'morning' } });
    expect(by('Dirk')).toMatchObject({ status: 'late', leave: { type: 'Vacation', half: 'afternoon' } });
    expect(by('Cara')).toMatchObject({ status: 'onLeave', leave: { half: null } });
    // Anna's declined and cancelled requests count for nothing.
    expect(by('Anna')).toMatchObject({ status: 'absent', leave: null });
  });

  it('a morning and an afternoon off of two requests make a whole day, named by the morning', async () => {
    const b = (await board('date=2026-11-02&status=onLeave')).json();
    expect(b.data).toEqual([
      expect.objectContaining({ firstName: 'Dirk', leave: { type: 'Vacation', color: '#2f9e44', half: null } }),
    ]);
  });

  it('leave on a holiday is not scheduled: the request takes nothing from it', async () => {
    const b = (await board('date=2026-10-30')).json();
    expect(b.counts).toMatchObject({ notScheduled: 4, onLeave: 0 });
    expect(b.data.find((r: { firstName: string }) => r.firstName === 'Cara')).toMatchObject({
      status: 'notScheduled',
      leave: null,
    });
  });

  it('a weekend or a holiday is not scheduled', async () => {
    expect((await board(`date=${addDays(DAY, -1)}`)).json().counts.notScheduled).toBe(4);
    await t.db.system((tx) => createHoliday(tx, ids.globex!, '2026-10-27', 'Test holiday'));
    expect((await board('date=2026-10-27')).json().counts.notScheduled).toBe(4);
  });

  it("defaults to the company's today and refuses foreign teams and bad dates", async () => {
    expect((await board('')).json().date).toBe(zonedDate(new Date(), TZ));
    expect((await board(`team=${ids.globex}`)).statusCode).toBe(404);
    expect((await board('date=2026-13-01')).statusCode).toBe(400);
    expect((await board('status=sleeping')).statusCode).toBe(400);
  });

  it('no longer expects someone whose employment ended before the day: not scheduled, not absent', async () => {
    await t.db.system((tx) => setEmployee(tx, ids.globex!, ids.dirk!, { endDate: addDays(DAY, -1) }));
    try {
      const b = (await board(`date=${DAY}`)).json();
      expect(b.counts).toEqual({ present: 1, late: 1, absent: 1, onLeave: 0, expected: 0, notScheduled: 1 });
      expect(b.data.find((r: { userUuid: string }) => r.userUuid === ids.dirk).status).toBe('notScheduled');
      const absent = (await board(`date=${DAY}&status=absent`)).json().data;
      expect(absent.map((r: { userUuid: string }) => r.userUuid)).not.toContain(ids.dirk);
      // The same through a filter (the people judged one by one).
      const searched = (await board(`date=${DAY}&search=dir`)).json();
      expect(searched.counts.notScheduled).toBe(1);
      // On his last day he was still expected.
      await t.db.system((tx) => setEmployee(tx, ids.globex!, ids.dirk!, { endDate: DAY }));
      expect((await board(`date=${DAY}`)).json().counts.absent).toBe(2);
    } finally {
      await t.db.system((tx) => setEmployee(tx, ids.globex!, ids.dirk!, { endDate: null }));
    }
  });
});

describe('status rule', () => {
  const planned = {
    date: DAY,
    holiday: null,
    schedule: null,
    start: new Date('2026-10-26T08:00:00Z'),
    end: new Date('2026-10-26T16:00:00Z'),
    expectedMinutes: 480,
    lateAfter: new Date('2026-10-26T08:10:00Z'),
  };
  it('is present up to start plus grace, late after, expected before, absent once it passed', () => {
    expect(statusOf(planned, new Date('2026-10-26T08:10:00Z'), new Date('2026-10-26T12:00:00Z'))).toBe('present');
    expect(statusOf(planned, new Date('2026-10-26T08:11:00Z'), new Date('2026-10-26T12:00:00Z'))).toBe('late');
    expect(statusOf(planned, null, new Date('2026-10-26T08:05:00Z'))).toBe('expected');
    expect(statusOf(planned, null, new Date('2026-10-26T08:15:00Z'))).toBe('absent');
    expect(statusOf({ ...planned, start: null, lateAfter: null }, null, new Date())).toBe('notScheduled');
  });
  it('is on leave with approved time off, whole or half, unless they came in; a holiday stays not scheduled', () => {
    const noon = new Date('2026-10-26T12:00:00Z');
    const lateIn = new Date('2026-10-26T08:30:00Z');
    expect(statusOf(planned, null, noon, { half: null })).toBe('onLeave');
    expect(statusOf(planned, null, new Date('2026-10-26T07:00:00Z'), { half: 'morning' })).toBe('onLeave');
    expect(statusOf(planned, lateIn, noon, { half: null })).toBe('present');
    expect(statusOf(planned, lateIn, noon, { half: 'morning' })).toBe('present');
    expect(statusOf(planned, lateIn, noon, { half: 'afternoon' })).toBe('late');
    expect(statusOf({ ...planned, start: null, lateAfter: null }, null, noon, { half: null })).toBe('notScheduled');
  });
});
