import { companyChannel } from '@wac/shared/realtime';
import { type IsoDate, zonedDate } from '@wac/shared/zoned-time';
import type { Readable } from 'node:stream';
import type { Tx } from '../../db/client';
import { csvStream } from '../../lib/csv-export';
import type { TenantCtx } from '../../lib/context';
import { actingUser } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/sql';
import { approvedLeaveInTx } from '../time-off/leave-days.service';
import * as boardRepo from './board.repository';
import { loadCalendarInTx } from './calendar.service';
import * as calendarRepo from './calendar.repository';
import * as entries from './entries.repository';
import { periodOf, timesheetDays } from './timesheet';
import * as repo from './timesheets.repository';

type Period = 'week' | 'month';

async function periodIn(ctx: TenantCtx, tx: Tx, q: { period: Period; date?: IsoDate }) {
  const settings = (await calendarRepo.settings(tx, ctx.companyId))!;
  const now = await entries.now(tx);
  const date = q.date ?? zonedDate(now, settings.time_zone);
  return { ...periodOf(q.period, date, settings.week_start), now, timeZone: settings.time_zone };
}

/** A person's timesheet of a week or a month, in the company's zone. */
export async function timesheet(ctx: TenantCtx, q: { userId: string; period: Period; date?: IsoDate; self?: boolean }) {
  return ctx.run(async (tx) => {
    if (q.self && !(await entries.isActiveMember(tx, ctx.companyId, q.userId))) throw new AppError('FORBIDDEN');
    const person = await repo.person(tx, ctx.companyId, q.userId);
    if (!person) throw new AppError('NOT_FOUND');
    const { from, to, now, timeZone } = await periodIn(ctx, tx, q);
    const cal = await loadCalendarInTx(tx, ctx.companyId, [q.userId], from, to);
    const list = await repo.entriesOf(tx, ctx.companyId, [q.userId], from, to);
    const leave = await approvedLeaveInTx(tx, ctx.companyId, [q.userId], from, to);
    const locks = await repo.locksBetween(tx, ctx.companyId, from, to);
    return {
      user: { uuid: person.user_id, firstName: person.first_name, lastName: person.last_name },
      period: q.period,
      from,
      to,
      timeZone,
      locked: locks.length > 0,
      ...timesheetDays(cal, q.userId, from, to, list, now, leave.get(q.userId)),
    };
  });
}

/** The signed-in member's own timesheet. */
export const myTimesheet = (ctx: TenantCtx, q: { period: Period; date?: IsoDate }) =>
  timesheet(ctx, { ...q, userId: actingUser(ctx), self: true });

const hours = (m: number) => (m / 60).toFixed(2);

/**
 * The company's (or a team's) timesheets of a period as CSV for payroll: one line per person and
 * day, people in batches of 200 (each batch its own short transaction), so memory stays flat.
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
    let after: string | null = null;
    for (;;) {
      const batch = await ctx.run(async (tx) => {
        const people = await repo.peopleAfter(tx, ctx.companyId, after, 200, q.team);
        const ids = people.map((p) => p.user_id);
        const cal = await loadCalendarInTx(tx, ctx.companyId, ids, head.from, head.to);
        const all = await repo.entriesOf(tx, ctx.companyId, ids, head.from, head.to);
        const leave = await approvedLeaveInTx(tx, ctx.companyId, ids, head.from, head.to);
        return people.map((p) => ({
          p,
          sheet: timesheetDays(
            cal,
            p.user_id,
            head.from,
            head.to,
            all.filter((e) => e.user_id === p.user_id),
            head.now,
            leave.get(p.user_id),
          ),
        }));
      });
      for (const { p, sheet } of batch) {
        for (const d of sheet.days) yield { p, d };
      }
      if (batch.length < 200) return;
      after = batch[batch.length - 1]!.p.user_id;
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

/** Locks a period that is over in the company's zone: its entries and corrections are refused from now on. */
export async function lock(ctx: TenantCtx, body: { from: IsoDate; to: IsoDate }) {
  const made = await ctx.run(async (tx) => {
    const settings = (await calendarRepo.settings(tx, ctx.companyId))!;
    const today = zonedDate(await entries.now(tx), settings.time_zone);
    if (body.to >= today) throw new AppError('TIMESHEET_PERIOD_NOT_OVER', [{ path: 'body.to', code: 'invalid' }]);
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
