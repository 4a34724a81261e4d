import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignSchedule,
  createHoliday,
  createSchedule,
  setCompanyTimeZone,
  weekdays,
} from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { rows } from '../../db/sql';
import { createCtx, type TenantCtx } from '../../lib/context';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { workingDays } from './calendar.service';

let t: TestContext;
let ids: Record<string, string>;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    await setCompanyTimeZone(tx, acme.id, 'America/New_York');
    await setCompanyTimeZone(tx, globex.id, 'Europe/Berlin');
    const a = await createUser(tx, { email: 'a@acme.test', firstName: 'Ann' });
    const b = await createUser(tx, { email: 'b@acme.test', firstName: 'Bob' });
    const g = await createUser(tx, { email: 'g@globex.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, b.id);
    await addMembership(tx, globex.id, g.id, { roles: ['admin'] });
    const gs = await createSchedule(tx, globex.id, { name: 'Berlin office', isDefault: true, breakMinutes: 30 });
    await createHoliday(tx, globex.id, '2026-10-03', 'Tag der Deutschen Einheit');
    return { acme: acme.id, globex: globex.id, a: a.id, b: b.id, g: g.id, gs: gs.id };
  });
  admin = (await tokenFor(t.app, ids.a!, ids.acme!)).token;
  member = (await tokenFor(t.app, ids.b!, ids.acme!)).token;
});
afterAll(() => t.close());

const req = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  token = admin,
  lang?: string,
) => call(t.app, { method, url, host: 'acme', token, payload, headers: lang ? { 'accept-language': lang } : {} });

const ctxOf = (companyId: string): TenantCtx => createCtx(t.app, { companyId }) as TenantCtx;

describe('attendance settings', () => {
  it('reads and changes the time zone and week start with a version', async () => {
    const s = (await req('GET', '/api/attendance/settings')).json();
    expect(s).toEqual({ timeZone: 'America/New_York', weekStart: 1, autoCloseMarginMinutes: 120, version: 1 });
    const res = await req('PATCH', '/api/attendance/settings', {
      version: 1,
      weekStart: 7,
      timeZone: 'America/Chicago',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ timeZone: 'America/Chicago', weekStart: 7, version: 2 });
    expect((await req('PATCH', '/api/attendance/settings', { version: 1, weekStart: 1 })).statusCode).toBe(409);
    await req('PATCH', '/api/attendance/settings', { version: 2, timeZone: 'America/New_York' });
  });

  it('refuses an unknown time zone with a translated message and changes nothing', async () => {
    const res = await req('PATCH', '/api/attendance/settings', { version: 3, timeZone: 'Mars/Olympus' }, admin, 'de');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toMatchObject({
      path: 'body.timeZone',
      code: 'timeZone',
      message: 'Diese Zeitzone ist unbekannt.',
    });
    expect((await req('GET', '/api/attendance/settings')).json()).toMatchObject({
      timeZone: 'America/New_York',
      version: 3,
    });
  });

  it('is for admins: a member may not read or change it', async () => {
    expect((await req('GET', '/api/attendance/settings', undefined, member)).statusCode).toBe(403);
    expect((await req('PATCH', '/api/attendance/settings', { version: 3, weekStart: 2 }, member)).statusCode).toBe(403);
  });
});

describe('public holidays', () => {
  it('adds, lists by range and removes; one per date', async () => {
    const res = await req('POST', '/api/attendance/holidays', { date: '2026-11-26', name: 'Thanksgiving' });
    expect(res.statusCode).toBe(201);
    const dup = await req('POST', '/api/attendance/holidays', { date: '2026-11-26', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('HOLIDAY_DATE_TAKEN');
    await req('POST', '/api/attendance/holidays', { date: '2026-12-25', name: 'Christmas' });
    const list = (await req('GET', '/api/attendance/holidays?from=2026-11-01&to=2026-11-30')).json();
    expect(list).toMatchObject({ totalItems: 1, data: [{ date: '2026-11-26', name: 'Thanksgiving' }] });
    // The other company's holiday is not here.
    expect((await req('GET', '/api/attendance/holidays')).json().totalItems).toBe(2);
    const xmas = (await req('GET', '/api/attendance/holidays?search=christ')).json().data[0].uuid;
    expect((await req('DELETE', `/api/attendance/holidays/${xmas}`)).statusCode).toBe(204);
    expect((await req('DELETE', `/api/attendance/holidays/${xmas}`)).statusCode).toBe(404);
  });

  it('refuses impossible and far-away dates', async () => {
    for (const date of ['2026-02-30', '1850-01-01', 'tomorrow']) {
      const res = await req('POST', '/api/attendance/holidays', { date, name: 'X' });
      expect(res.statusCode, date).toBe(400);
    }
    expect((await req('GET', '/api/attendance/holidays')).json().totalItems).toBe(1);
  });
});

describe('work schedules and assignments', () => {
  let day: { uuid: string; version: number; name: string };
  let night: { uuid: string; version: number };

  it('the first schedule becomes the default; one default at a time', async () => {
    const res = await req('POST', '/api/attendance/schedules', {
      name: 'Office',
      days: weekdays(),
      breakMinutes: 60,
      graceMinutes: 10,
    });
    expect(res.statusCode).toBe(201);
    day = res.json();
    expect(res.json()).toMatchObject({ isDefault: true, weeklyMinutes: 5 * 7 * 60 });
    const n = await req('POST', '/api/attendance/schedules', {
      name: 'Night',
      days: [null, { start: '22:00', end: '06:00' }, { start: '22:00', end: '06:00' }, null, null, null, null],
    });
    night = n.json();
    expect(n.json()).toMatchObject({ isDefault: false, weeklyMinutes: 2 * 8 * 60 });
    const made = await req('PATCH', `/api/attendance/schedules/${night.uuid}`, {
      version: night.version,
      isDefault: true,
    });
    expect(made.json().isDefault).toBe(true);
    const list = (await req('GET', '/api/attendance/schedules')).json().data;
    expect(list.map((s: { name: string; isDefault: boolean }) => [s.name, s.isDefault])).toEqual([
      ['Night', true],
      ['Office', false],
    ]);
    day = list[1];
    night = list[0];
  });

  it('refuses bad schedules and taken names', async () => {
    const bad = await req('POST', '/api/attendance/schedules', {
      name: 'Bad',
      days: [{ start: '25:00', end: '17:00' }],
    });
    expect(bad.statusCode).toBe(400);
    const taken = await req('POST', '/api/attendance/schedules', { name: 'office', days: weekdays() });
    expect(taken.json().code).toBe('SCHEDULE_NAME_TAKEN');
    expect((await req('DELETE', `/api/attendance/schedules/${night.uuid}`)).json().code).toBe(
      'SCHEDULE_DEFAULT_REQUIRED',
    );
  });

  it('assigns from a date so the past keeps its schedule; working days follow it', async () => {
    const res = await req('POST', '/api/attendance/assignments', {
      userUuid: ids.b,
      scheduleUuid: day.uuid,
      effectiveFrom: '2026-11-23',
    });
    expect(res.statusCode).toBe(201);
    // Before the 23rd Bob follows the default night schedule (Tue and Wed nights), after it the office one.
    const wd = (
      await req('GET', `/api/attendance/working-days?userUuid=${ids.b}&from=2026-11-16&to=2026-11-27`)
    ).json();
    expect(wd.dates.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      // 26th: Thanksgiving
      '2026-11-27',
    ]);
    expect(wd).toMatchObject({ days: 6, minutes: 2 * 480 + 4 * 420 });
    expect((await req('DELETE', `/api/attendance/schedules/${day.uuid}`)).json().code).toBe('SCHEDULE_IN_USE');
    // The audit entry names the schedule and the day for the log to show; its id only under an *Id key.
    const [entry] = await t.db.system((tx) =>
      rows<{ target_id: string; after: unknown }>(
        tx,
        sql`SELECT target_id, after FROM audit_log WHERE action = 'schedule_assignment.create' AND target_id = ${ids.b}`,
      ),
    );
    expect(entry).toEqual({
      target_id: ids.b,
      after: { schedule: day.name, effectiveFrom: '2026-11-23', scheduleId: day.uuid },
    });
  });

  it('refuses foreign people and schedules', async () => {
    const foreignUser = await req('POST', '/api/attendance/assignments', {
      userUuid: ids.g,
      scheduleUuid: day.uuid,
      effectiveFrom: '2026-11-23',
    });
    expect(foreignUser.statusCode).toBe(404);
    const foreignSchedule = await req('POST', '/api/attendance/assignments', {
      userUuid: ids.b,
      scheduleUuid: ids.gs,
      effectiveFrom: '2026-11-23',
    });
    expect(foreignSchedule.statusCode).toBe(404);
    expect((await req('GET', `/api/attendance/schedules/${ids.gs}`)).statusCode).toBe(404);
    expect(
      (await req('GET', `/api/attendance/working-days?userUuid=${ids.g}&from=2026-11-01&to=2026-11-30`)).statusCode,
    ).toBe(404);
    const far = await req('GET', `/api/attendance/working-days?userUuid=${ids.b}&from=2026-01-01&to=2028-01-01`);
    expect(far.statusCode).toBe(400);
  });
});

describe('working days for time off (service API)', () => {
  it('counts a Berlin week with a holiday and the 25-hour Sunday', async () => {
    const ctx = ctxOf(ids.globex!);
    const r = await workingDays(ctx, { userId: ids.g!, from: '2026-09-28', to: '2026-10-04' });
    // Mon–Fri minus the 3 October holiday? 3 Oct 2026 is a Saturday: five days.
    expect(r.days).toBe(5);
    expect(r.minutes).toBe(5 * 450);
    const dst = await workingDays(ctx, { userId: ids.g!, from: '2026-10-19', to: '2026-10-25' });
    expect(dst).toMatchObject({ days: 5, minutes: 5 * 450 });
    await t.db.system((tx) => createHoliday(tx, ids.globex!, '2026-10-21', 'Betriebsausflug'));
    expect((await workingDays(ctx, { userId: ids.g!, from: '2026-10-19', to: '2026-10-25' })).days).toBe(4);
    await t.db.system((tx) => assignSchedule(tx, ids.globex!, ids.g!, ids.gs!, '2026-10-01'));
  });
});

describe('editing and importing holidays', () => {
  it('changes a holiday, refuses a taken date, imports a year skipping taken dates', async () => {
    const made = (await req('POST', '/api/attendance/holidays', { date: '2027-01-01', name: 'New year' })).json();
    await req('POST', '/api/attendance/holidays', { date: '2027-05-01', name: 'Labour day' });
    const renamed = await req('PATCH', `/api/attendance/holidays/${made.uuid}`, { name: "New Year's Day" });
    expect(renamed.json()).toMatchObject({ date: '2027-01-01', name: "New Year's Day" });
    const taken = await req('PATCH', `/api/attendance/holidays/${made.uuid}`, { date: '2027-05-01' }, admin, 'de');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('HOLIDAY_DATE_TAKEN');
    const bad = await req('PATCH', `/api/attendance/holidays/${made.uuid}`, { date: '2027-02-30' });
    expect(bad.statusCode).toBe(400);
    const imported = await req('POST', '/api/attendance/holidays/import', {
      holidays: [
        { date: '2027-05-01', name: 'Labour day' },
        { date: '2027-12-25', name: 'Christmas' },
        { date: '2027-12-26', name: 'Boxing day' },
      ],
    });
    expect(imported.json()).toEqual({ added: 2, skipped: 1 });
    const year = (await req('GET', '/api/attendance/holidays?from=2027-01-01&to=2027-12-31&itemsPerPage=50')).json();
    expect(year.data.map((h: { name: string }) => h.name)).toEqual([
      "New Year's Day",
      'Labour day',
      'Christmas',
      'Boxing day',
    ]);
    expect((await req('POST', '/api/attendance/holidays/import', { holidays: [] })).statusCode).toBe(400);
    const asMember = await req('PATCH', `/api/attendance/holidays/${made.uuid}`, { name: 'x' }, member);
    expect(asMember.statusCode).toBe(403);
  });
});
