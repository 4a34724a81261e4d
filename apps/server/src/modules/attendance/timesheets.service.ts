import { companyChannel } from '@wac/shared/realtime';
import { type IsoDate, zonedDate } from '@wac/shared/zoned-time';
import type { Readable } from 'node:stream';
import type { Tx } from '../../db/client';
import { csvStream } from '../../lib/csv-export';
import type { TenantCtx } from '../../lib/context';
import { actingUser } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/sql';
import {
  type ApprovedLeaveRow,
  approvedBetweenSql,
  approvedLeaveInTx,
  leaveByDay,
} from '../time-off/leave-days.service';
import * as boardRepo from './board.repository';
import { calendarOf, loadCalendarInTx } from './calendar.service';
import * as calendarRepo from './calendar.repository';
import * as entries from './entries.repository';
import { periodOf, timesheetDays } from './timesheet';
import * as repo from './timesheets.repository';
import { groupBy } from '../../lib/group';

type Period = 'week' | 'month';

async function periodIn(ctx: TenantCtx, tx: Tx, q: { period: Period; date?: IsoDate }) {
  const settings = (await calendarRepo.settings(tx, ctx.companyId))!;
  const now = await entries.now(tx);
  const date = q.date ?? zonedDate(now, settings.time_zone);
  return { ...periodOf(q.period, date, settings.week_start), now, timeZone: settings.time_zone };
}

/**
 * A person's timesheet of a week or a month, in the company's zone, in one statement: the person,
 * the settings, the clock, the period (computed in SQL from the company's day and first day of the
 * week) and, for that period, the calendar's rows, the entries, the approved time off and the locks.
 */
export async function timesheet(ctx: TenantCtx, q: { userId: string; period: Period; date?: IsoDate; self?: boolean }) {
  return ctx.run(async (tx) => {
    const [from, to] = [repo.periodFrom, repo.periodTo];
    const b = await repo.together<{
      person: Array<repo.PersonRow & { enabled: boolean }>;
      settings: calendarRepo.SettingsRow[];
      now: Array<{ now: string }>;
      period: Array<{ from: string; to: string }>;
      holidays: calendarRepo.HolidayRow[];
      schedules: calendarRepo.ScheduleRow[];
      assignments: calendarRepo.AssignmentRow[];
      entries: entries.ShownEntryRow[];
      leave: ApprovedLeaveRow[];
      locks: repo.LockRow[];
    }>(
      tx,
      {
        person: repo.personSql(ctx.companyId, q.userId),
        settings: calendarRepo.settingsSql(ctx.companyId),
        now: repo.nowSql,
        period: repo.periodSql,
        holidays: calendarRepo.holidaysBetweenSql(ctx.companyId, from, to),
        schedules: calendarRepo.listSchedulesSql(ctx.companyId),
        assignments: calendarRepo.assignmentsOfSql(ctx.companyId, [q.userId], to),
        entries: repo.entriesOfSql(ctx.companyId, [q.userId], from, to),
        leave: approvedBetweenSql(ctx.companyId, [q.userId], from, to),
        locks: repo.locksBetweenSql(ctx.companyId, from, to),
      },
      repo.periodCte(ctx.companyId, q.period, q.date ?? null),
      { prepared: true },
    );
    const [person] = b.person;
    if (q.self && !person?.enabled) throw new AppError('FORBIDDEN');
    if (!person) throw new AppError('NOT_FOUND');
    const settings = b.settings[0];
    const period = b.period[0];
    if (!settings || !period) throw new AppError('NOT_FOUND');
    const now = new Date(b.now[0]!.now);
    const timeZone = settings.time_zone;
    const cal = calendarOf(settings, b.holidays, b.schedules, b.assignments);
    const list = b.entries;
    const leave = leaveByDay(b.leave, period.from, period.to);
    const locks = b.locks;
    const { from: start, to: end } = period;
    return {
      user: { uuid: person.user_id, firstName: person.first_name, lastName: person.last_name },
      period: q.period,
      from: start,
      to: end,
      timeZone,
      locked: locks.length > 0,
      ...timesheetDays(cal, q.userId, start, end, list, now, leave.get(q.userId), {
        start: person.start_date,
        end: person.end_date,
      }),
    };
  });
}

/** The signed-in member's own timesheet. */
export const myTimesheet = (ctx: TenantCtx, q: { period: Period; date?: IsoDate }) =>
  timesheet(ctx, { ...q, userId: actingUser(ctx), self: true });

const hours = (m: number) => (m / 60).toFixed(2);

/**
 * The company's (or a team's) timesheets of a period as CSV for payroll: one line per person and
 * day, people in name order in batches of 200 (each batch its own short transaction), so memory
 * stays flat.
 */
export async function exportCsv(
  ctx: TenantCtx,
  q: { period: Period; date?: IsoDate; team?: string },
): Promise<Readable> {
  const head = await ctx.run(async (tx) => {
    if (q.team && !(await boardRepo.teamExists(tx, ctx.companyId, q.team)))
      throw new AppError('NOT_FOUND', [{ path: 'querystring.team', code: 'invalid' }]);
    return periodIn(ctx, tx, q);
  });
  // One formatter for the whole export: building one per cell costs more than the rest of a line.
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: head.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const time = (v: string | null) => (v ? clock.format(new Date(v)) : '');
  async function* lines() {
    let after: repo.PeopleCursor | null = null;
    for (;;) {
      const batch = await ctx.run(async (tx) => {
        const people = await repo.peopleAfter(tx, ctx.companyId, after, 200, q.team);
        const ids = people.map((p) => p.user_id);
        const cal = await loadCalendarInTx(tx, ctx.companyId, ids, head.from, head.to);
        const all = await repo.entriesOf(tx, ctx.companyId, ids, head.from, head.to);
        const leave = await approvedLeaveInTx(tx, ctx.companyId, ids, head.from, head.to);
        // Each person's entries, in one pass (they come ordered by person, then clock-in).
        const byUser = groupBy(all, (e) => e.user_id);
        return people.map((p) => ({
          p,
          sheet: timesheetDays(
            cal,
            p.user_id,
            head.from,
            head.to,
            byUser.get(p.user_id) ?? [],
            head.now,
            leave.get(p.user_id),
            { start: p.start_date, end: p.end_date },
          ),
        }));
      });
      for (const { p, sheet } of batch) {
        for (const d of sheet.days) yield { p, d };
      }
      if (batch.length < 200) return;
      const last = batch[batch.length - 1]!.p;
      after = { k: last.k, id: last.id };
    }
  }
  return csvStream(
    [
      'email',
      'firstName',
      'lastName',
      'date',
      'firstIn',
      'lastOut',
      'workedHours',
      'expectedHours',
      'overtimeHours',
      'lateMinutes',
      'holiday',
      'leave',
      'leaveHours',
      'autoClosed',
    ],
    lines(),
    ({ p, d }) => [
      p.email,
      p.first_name,
      p.last_name,
      d.date,
      time(d.firstIn),
      time(d.lastOut),
      hours(d.workedMinutes),
      hours(d.expectedMinutes),
      hours(d.overtimeMinutes),
      d.lateMinutes,
      d.holiday ?? '',
      // The type's name, and which half for a half day: payroll reads it as it is written.
      d.leave ? (d.leave.half ? `${d.leave.type} (${d.leave.half})` : d.leave.type) : '',
      d.leave ? hours(d.leaveMinutes) : '',
      d.autoClosed ? 'yes' : '',
    ],
  );
}

// ---- Locks ----
const toLock = (r: repo.LockRow) => ({
  uuid: r.id,
  from: r.from_date,
  to: r.to_date,
  lockedBy: r.locked_by,
  createdAt: iso(r.created_at)!,
});
const changed = (ctx: TenantCtx) =>
  ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'timesheet-locks' });

export async function listLocks(ctx: TenantCtx) {
  return { data: (await ctx.run((tx) => repo.locks(tx, ctx.companyId))).map(toLock) };
}

/**
 * Locks a period that is over in the company's zone and holds no open entry: its entries and
 * corrections are refused from now on.
 */
export async function lock(ctx: TenantCtx, body: { from: IsoDate; to: IsoDate }) {
  const made = await ctx.run(async (tx) => {
    const settings = (await calendarRepo.settings(tx, ctx.companyId))!;
    const today = zonedDate(await entries.now(tx), settings.time_zone);
    if (body.to >= today) throw new AppError('TIMESHEET_PERIOD_NOT_OVER', [{ path: 'body.to', code: 'invalid' }]);
    // An entry still open would be closed later (a clock-out, the auto-close job) and change a locked day.
    if (await entries.anyOpenBetween(tx, ctx.companyId, body.from, body.to))
      throw new AppError('TIMESHEET_OPEN_ENTRIES');
    const made = await repo.insertLock(tx, ctx.companyId, { ...body, lockedBy: ctx.actor.userId });
    await ctx.audit(tx, { action: 'timesheet.lock', targetType: 'timesheet_lock', targetId: made.id, after: body });
    return made;
  });
  await changed(ctx);
  return toLock(made);
}

export async function unlock(ctx: TenantCtx, id: string) {
  await ctx.run(async (tx) => {
    const l = await repo.findLock(tx, ctx.companyId, id);
    if (!l) throw new AppError('NOT_FOUND');
    await repo.removeLock(tx, ctx.companyId, id);
    await ctx.audit(tx, {
      action: 'timesheet.unlock',
      targetType: 'timesheet_lock',
      targetId: id,
      before: { from: l.from_date, to: l.to_date },
    });
  });
  await changed(ctx);
}
