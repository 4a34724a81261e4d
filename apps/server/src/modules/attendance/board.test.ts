import { addDays, zonedDate, zonedInstant } from '@wac/shared/zoned-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEntry,
  createHoliday,
  createSchedule,
  setCompanyTimeZone,
  weekdays,
} from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createTeam, createUser } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { statusOf } from './board.service';

const TZ = 'Europe/Berlin';
// A past Monday, so "now" is after every start plus grace: the 25-hour day of the autumn change is the Sunday before.
const DAY = '2026-10-26';

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
    return { globex: globex.id, anna, ben, cara, dirk, team: team.id };
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
    expect(b.counts).toEqual({ present: 1, late: 1, absent: 2, expected: 0, notScheduled: 0 });
    const anna = b.data.find((r: { userUuid: string }) => r.userUuid === ids.anna);
    expect(anna).toMatchObject({ status: 'present', workedMinutes: 185 + 275, clockedIn: false });
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
});
