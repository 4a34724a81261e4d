import { BOARD_STATUSES, type BoardStatus } from '@wac/shared/schemas/attendance';
import { addDays, isoWeekday, zonedDate, zonedInstant } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import {
  assignSchedule,
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
import {
  attendanceEntries,
  employees,
  memberships,
  scheduleAssignments,
  timeOffRequests,
  workSchedules,
} from '../../db/schema/index';
import { createCtx, forCompany } from '../../lib/context';
import { rows } from '../../lib/sql';
import { rebuild } from '../stats/stats.service';
import { boardDrift, NO_DRIFT } from '../../test/board-drift';
import { createTestApp, type TestContext } from '../../test/harness';
import { NOT_EMPLOYED_KEY } from '../../db/board-keys';
import { boardPageFromScratch } from './board.repository';
import { board } from './board.service';

/**
 * Property: for random companies (zones with and without DST, days around the changes of 2026 and
 * today), schedules with grace and night shifts, holidays, members enabled, disabled and removed,
 * schedule assignments with effective dates — added, moved and removed after the entries exist —,
 * attendance entries of every status then corrected, removed, deleted and moved to another day, and
 * employments started and ended before, during and after the window, and after the entries exist
 * their start and end dates set, moved, cleared and their records removed,
 * time off of every status with half days, some approved then cancelled, pending ones approved,
 * approved ones moved or deleted, clock-ins on days already on leave; the default schedule
 * switched and a schedule's hours and grace edited: the day board the service answers from the
 * maintained counts and its page walk equals the from-scratch statement over the raw rows (counts,
 * each status's full listing page by page, and the team, department and search filters), and the
 * maintained rows equal a recomputation from the raw rows — before and after `stats:rebuild`.
 */
const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
const WINDOWS = ['2026-03-06', '2026-03-27', '2026-10-23', '2026-10-30'];
const NIL = '00000000-0000-0000-0000-000000000000';

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface World {
  companyId: string;
  timeZone: string;
  team: string;
  department: string;
  days: string[];
}

let worlds = 0;

async function buildWorld(tx: Tx, seed: number): Promise<World> {
  const r = rng(seed);
  const tag = `${seed}-${++worlds}`;
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const tz = pick(ZONES);
  const company = await createCompany(tx, { name: `B${tag}`, subDomain: `b${tag}` });
  await setCompanyTimeZone(tx, company.id, tz);
  const today = zonedDate(new Date(), tz);
  const from = pick([...WINDOWS, addDays(today, -3)]);
  const days = [from, addDays(from, 1), addDays(from, 2), addDays(from, 3), today];
  const office = await createSchedule(tx, company.id, {
    name: 'Office',
    isDefault: true,
    graceMinutes: pick([0, 5, 10]),
    days: weekdays(pick(['08:00', '09:00']), '17:00'),
  });
  const night = await createSchedule(tx, company.id, {
    name: 'Night',
    graceMinutes: 7,
    days: [
      { start: '22:00', end: '06:00' },
      { start: '22:00', end: '06:00' },
      null,
      { start: '10:00', end: '14:00' },
      { start: '20:00', end: '04:00' },
      { start: '10:00', end: '14:00' },
      null,
    ],
  });
  const early = await createSchedule(tx, company.id, {
    name: 'Early',
    days: Array(7).fill({ start: '06:30', end: '12:00' }),
  });
  if (r() < 0.5) await createHoliday(tx, company.id, pick(days), 'Holiday');
  const dept = await createDepartment(tx, company.id, { name: 'D' });
  const users: string[] = [];
  const n = int(5, 12);
  for (let i = 0; i < n; i++) {
    // Few names, so ties in the name order are broken by the user id on both sides.
    const u = await createUser(tx, {
      email: `u${i}.${tag}@b.test`,
      firstName: pick(['Ada', 'Ben', 'Ada']),
      lastName: pick(['Lee', 'Lee', 'Moss']),
    });
    await addMembership(tx, company.id, u.id, { enabled: r() < 0.9 });
    users.push(u.id);
    await setEmployee(tx, company.id, u.id, {
      // Some start inside the window: before their start date, not scheduled unless they clock in.
      startDate: r() < 0.2 ? addDays(from, int(-1, 4)) : '2020-01-01',
      departmentId: r() < 0.5 ? dept.id : null,
      // Some employments end around the window: from the day after, not scheduled unless they clock in.
      endDate: r() < 0.25 ? addDays(from, int(-2, 3)) : null,
    });
    if (r() < 0.35) await assignSchedule(tx, company.id, u.id, night.id, addDays(from, int(-6, -3)));
    if (r() < 0.25) await assignSchedule(tx, company.id, u.id, early.id, addDays(from, int(-2, 0)));
    if (r() < 0.15) await assignSchedule(tx, company.id, u.id, office.id, addDays(from, int(1, 2)));
  }
  // Someone who is no member at all but has entries (a former member): never on the board.
  const outsider = await createUser(tx, { email: `x.${tag}@b.test`, firstName: 'Xeno' });
  const team = await createTeam(tx, company.id, { name: 'T', memberIds: users.filter(() => r() < 0.5) });
  const ids: string[] = [];
  for (const userId of [...users, outsider.id]) {
    let hasOpen = false;
    for (const d of days) {
      if (r() < 0.3) continue;
      const clockIn = zonedInstant(
        d,
        `${pick(['06', '08', '09', '10', '21', '22'])}:${String(int(0, 59)).padStart(2, '0')}`,
        tz,
      );
      // Seconds too, so "one second past start + grace" is met now and then.
      clockIn.setUTCSeconds(pick([0, 0, 1, 30, 59]));
      const open: boolean = !hasOpen && r() < 0.15;
      hasOpen ||= open;
      const e = await createEntry(tx, company.id, {
        userId,
        workDate: d,
        clockIn,
        clockOut: open ? null : new Date(clockIn.getTime() + int(30, 600) * 60_000),
        status: open ? 'open' : pick(['closed', 'closed', 'closed', 'auto_closed', 'removed']),
      });
      ids.push(e.id);
      if (r() < 0.2) {
        const later = new Date(clockIn.getTime() + int(700, 900) * 60_000);
        await createEntry(tx, company.id, {
          userId,
          workDate: d,
          clockIn: later,
          clockOut: new Date(later.getTime() + 3_600_000),
        });
      }
    }
  }
  // Corrections: earlier, later, removed, restored, deleted, moved to another day.
  for (const id of ids) {
    const x = r();
    if (x < 0.05) await tx.delete(attendanceEntries).where(sql`id = ${id}`);
    else if (x < 0.1) await tx.update(attendanceEntries).set({ status: 'removed' }).where(sql`id = ${id}`);
    else if (x < 0.2)
      await tx
        .update(attendanceEntries)
        .set({ clockIn: sql`clock_in + ${pick(['-17 minutes', '23 minutes', '-61 seconds'])}::interval` })
        .where(sql`id = ${id}`);
    else if (x < 0.23)
      await tx
        .update(attendanceEntries)
        .set({ status: 'closed' })
        .where(sql`id = ${id} AND status = 'removed' AND clock_out IS NOT NULL`);
    else if (x < 0.26)
      await tx
        .update(attendanceEntries)
        .set({ workDate: pick(days) })
        .where(sql`id = ${id} AND status <> 'open'`);
  }
  // Time off of every status, whole and half days; some approved requests cancelled afterwards.
  const vacation = await createTimeOffType(tx, company.id, { name: 'Vacation', unit: 'days' });
  const sick = await createTimeOffType(tx, company.id, { name: 'Sick', unit: 'days' });
  for (const userId of users) {
    for (let k = int(0, 3); k > 0; k--) {
      const start = addDays(from, int(-2, 4));
      const req = await createTimeOffRequest(tx, company.id, {
        userId,
        typeId: pick([vacation, sick]).id,
        startDate: start,
        endDate: addDays(start, int(0, 2)),
        startHalf: r() < 0.3,
        endHalf: r() < 0.3,
        amount: 1,
        status: pick(['approved', 'approved', 'approved', 'pending', 'declined', 'cancelled']),
      });
      // Approved then cancelled or moved (a later day, a half start), pending then approved, deleted.
      const x = r();
      if (req.status === 'approved' && x < 0.2)
        await tx.update(timeOffRequests).set({ status: 'cancelled' }).where(sql`id = ${req.id}`);
      else if (req.status === 'approved' && x < 0.4)
        await tx
          .update(timeOffRequests)
          .set({ endDate: addDays(req.endDate, 1), startHalf: x < 0.3 })
          .where(sql`id = ${req.id}`);
      else if (req.status === 'pending' && x < 0.5)
        await tx.update(timeOffRequests).set({ status: 'approved' }).where(sql`id = ${req.id}`);
      else if (x > 0.95) await tx.delete(timeOffRequests).where(sql`id = ${req.id}`);
    }
    // Clocked in after the leave was approved (a whole day off, a morning off, an afternoon off).
    if (r() < 0.3) {
      const d = pick(days);
      const clockIn = zonedInstant(d, pick(['07:55', '08:05', '09:30', '13:10']), tz);
      await createEntry(tx, company.id, {
        userId,
        workDate: d,
        clockIn,
        clockOut: new Date(clockIn.getTime() + 3_600_000),
      });
    }
  }
  // After the entries: assignments moved, removed and added; members disabled, enabled and removed.
  const assigned = await tx.select().from(scheduleAssignments).where(sql`company_id = ${company.id}`);
  for (const [i, a] of assigned.entries()) {
    const x = r();
    if (x < 0.2) await tx.delete(scheduleAssignments).where(sql`id = ${a.id}`);
    else if (x < 0.4)
      await tx
        .update(scheduleAssignments)
        .set({ effectiveFrom: addDays(from, -20 - i) })
        .where(sql`id = ${a.id}`);
    else if (x < 0.5) await tx.update(scheduleAssignments).set({ scheduleId: early.id }).where(sql`id = ${a.id}`);
  }
  // After the entries and assignments: employments ended, their end moved or cleared, start dates
  // moved into the window or cleared, a record removed (the days outside the employment change key,
  // migration 0042).
  for (const userId of users) {
    const x = r();
    if (x < 0.15) await setEmployee(tx, company.id, userId, { endDate: addDays(from, int(-3, 4)) });
    else if (x < 0.22) await setEmployee(tx, company.id, userId, { endDate: null });
    else if (x < 0.3) await setEmployee(tx, company.id, userId, { startDate: addDays(from, int(-2, 5)) });
    else if (x < 0.34) await setEmployee(tx, company.id, userId, { startDate: null });
    else if (x < 0.37) await tx.delete(employees).where(sql`company_id = ${company.id} AND user_id = ${userId}`);
  }
  for (const userId of users) {
    const x = r();
    if (x < 0.1) await assignSchedule(tx, company.id, userId, pick([night, early]).id, addDays(from, 3));
    else if (x < 0.2)
      await tx
        .update(memberships)
        .set({ enabled: sql`NOT enabled` })
        .where(sql`company_id = ${company.id} AND user_id = ${userId}`);
    else if (x < 0.25) await tx.delete(memberships).where(sql`company_id = ${company.id} AND user_id = ${userId}`);
  }
  // The default switched, a schedule's hours and grace edited: read at the time of the board.
  if (r() < 0.3) {
    await tx.update(workSchedules).set({ isDefault: false }).where(sql`id = ${office.id}`);
    await tx.update(workSchedules).set({ isDefault: true }).where(sql`id = ${early.id}`);
  }
  if (r() < 0.3)
    await tx
      .update(workSchedules)
      .set({ graceMinutes: 3, days: weekdays('08:30', '16:00') })
      .where(sql`id = ${office.id}`);
  return { companyId: company.id, timeZone: tz, team: team.id, department: dept.id, days };
}

type Listed = { user: string; status: BoardStatus; leave: string | null; half: string | null; firstIn: string | null };

async function fromScratch(tx: Tx, w: World, date: string, f: { team?: string; department?: string; search?: string }) {
  const [settings] = await rows<{ id: string | null }>(
    tx,
    sql`SELECT id FROM work_schedules WHERE company_id = ${w.companyId} AND is_default`,
  );
  const [holiday] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM holidays WHERE company_id = ${w.companyId} AND date = ${date}::date`,
  );
  const all = await boardPageFromScratch(tx, w.companyId, {
    date,
    timeZone: w.timeZone,
    isoWeekday: isoWeekday(date),
    holiday: (holiday?.n ?? 0) > 0,
    defaultScheduleId: settings?.id ?? null,
    ...f,
    page: 1,
    itemsPerPage: 10_000,
  });
  const counts = Object.fromEntries(BOARD_STATUSES.map((s) => [s, 0])) as Record<BoardStatus, number>;
  const head = all[0];
  if (head) {
    Object.assign(counts, {
      present: head.c_present,
      late: head.c_late,
      absent: head.c_absent,
      onLeave: head.c_on_leave,
      expected: head.c_expected,
      notScheduled: head.c_not_scheduled,
    });
  }
  const listed: Listed[] = all.map((m) => ({
    user: m.user_id,
    status: m.status,
    leave: m.leave_type,
    half: m.leave_half,
    firstIn: m.first_in ? new Date(m.first_in).toISOString() : null,
  }));
  return { counts, listed };
}

async function compare(w: World, tuning: { walkMin?: number; dayRowsDirect?: number }) {
  const ctx = forCompany(createCtx(t.app), w.companyId);
  for (const date of w.days) {
    for (const f of [{}, { team: w.team }, { department: w.department }, { search: 'ada' }, { search: 'le' }]) {
      const want = await t.db.system((tx) => fromScratch(tx, w, date, f));
      for (const status of [undefined, ...BOARD_STATUSES]) {
        const expected = status ? want.listed.filter((m) => m.status === status) : want.listed;
        const got: Listed[] = [];
        for (let page = 1; page <= 20; page++) {
          const b = await board(ctx, { date, ...f, status, page, itemsPerPage: 3 }, tuning);
          expect(b.counts, `${date} ${JSON.stringify(f)} counts`).toEqual(want.counts);
          expect(b.totalItems, `${date} ${JSON.stringify(f)} ${status} total`).toBe(expected.length);
          got.push(
            ...b.data.map((m) => ({
              user: m.userUuid,
              status: m.status,
              leave: m.leave?.type ?? null,
              half: m.leave?.half ?? null,
              firstIn: m.firstIn,
            })),
          );
          if (b.data.length < 3) break;
        }
        expect(got, `${date} ${JSON.stringify(f)} ${status} listing`).toEqual(expected);
      }
    }
  }
}

describe('day board from maintained counts (property)', () => {
  it('equals the from-scratch statement, and the maintained rows equal a recomputation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), async (seed) => {
        const w = await t.db.system((tx) => buildWorld(tx, seed));
        expect(await t.db.system((tx) => boardDrift(tx, w.companyId))).toEqual(NO_DRIFT);
        // Each way to a page: steps of one member, people judged from who clocked in or is on leave.
        await compare(w, { walkMin: 1, dayRowsDirect: seed % 2 ? 0 : 10_000 });
        // The rebuild command writes the same rows.
        const ctx = forCompany(createCtx(t.app), w.companyId);
        // Drift only the server's login role can write (the app role may not touch the counts).
        await t.db.query('UPDATE attendance_board_counts SET n = n + 5 WHERE company_id = $1', [w.companyId]);
        await t.db.query(
          `INSERT INTO attendance_board_leave_counts AS b (company_id, day, schedule_key, in_minute, n)
           VALUES ($1, $2, $3, 'infinity', 2) ON CONFLICT (company_id, day, schedule_key, in_minute, shard) DO UPDATE SET n = b.n + 2`,
          [w.companyId, w.days[0], NIL],
        );
        const drifted = await t.db.system((tx) => boardDrift(tx, w.companyId));
        expect(drifted[1]!.n).toBeGreaterThan(0);
        expect(drifted[3]!.n).toBeGreaterThan(0);
        // In batches of one or two days (several transactions), as a large company would.
        await rebuild(ctx, { batchRows: seed % 2 ? 1 : 20 });
        expect(await t.db.system((tx) => boardDrift(tx, w.companyId))).toEqual(NO_DRIFT);
      }),
      { numRuns: 6 },
    );
  }, 600_000);

  it('keys a default-schedule day with the nil uuid, a day outside the employment with the not-employed key, a disabled member with none', async () => {
    const ids = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Keys', subDomain: 'keys' });
      await createSchedule(tx, c.id, { name: 'Office', isDefault: true });
      const u = await createUser(tx, { email: 'k@keys.test', firstName: 'K' });
      await addMembership(tx, c.id, u.id);
      await createEntry(tx, c.id, {
        userId: u.id,
        workDate: '2026-06-01',
        clockIn: new Date('2026-06-01T09:00:30Z'),
        clockOut: new Date('2026-06-01T17:00:00Z'),
      });
      return { c: c.id, u: u.id };
    });
    const key = () =>
      t.db.system(async (tx) => {
        const [row] = await rows<{ k: string | null; m: Date | string | null }>(
          tx,
          sql`SELECT d.board_schedule AS k, (SELECT b.in_minute FROM attendance_board_counts b
                WHERE b.company_id = d.company_id AND b.day = d.day AND b.n > 0) AS m
                FROM stats_member_days d WHERE d.company_id = ${ids.c} AND d.user_id = ${ids.u}`,
        );
        return { k: row?.k ?? null, m: row?.m ? new Date(row.m).toISOString() : null };
      });
    // 09:00:30 counts in the minute 09:01 (rounded up: late after 09:00).
    expect(await key()).toEqual({ k: NIL, m: '2026-06-01T09:01:00.000Z' });
    // An employment that ended the day before, or starts the day after: the not-employed key (no
    // plan); on its last and on its first day, still the schedule's.
    await t.db.system((tx) => setEmployee(tx, ids.c, ids.u, { endDate: '2026-05-31' }));
    expect(await key()).toEqual({ k: NOT_EMPLOYED_KEY, m: '2026-06-01T09:01:00.000Z' });
    await t.db.system((tx) => setEmployee(tx, ids.c, ids.u, { endDate: '2026-06-01' }));
    expect(await key()).toEqual({ k: NIL, m: '2026-06-01T09:01:00.000Z' });
    await t.db.system((tx) => setEmployee(tx, ids.c, ids.u, { startDate: '2026-06-02' }));
    expect(await key()).toEqual({ k: NOT_EMPLOYED_KEY, m: '2026-06-01T09:01:00.000Z' });
    await t.db.system((tx) => setEmployee(tx, ids.c, ids.u, { startDate: '2026-06-01' }));
    expect(await key()).toEqual({ k: NIL, m: '2026-06-01T09:01:00.000Z' });
    await t.db.system((tx) => tx.update(memberships).set({ enabled: false }).where(sql`user_id = ${ids.u}`));
    expect(await key()).toEqual({ k: null, m: null });
  });
});
