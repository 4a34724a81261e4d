import type { BoardStatus, LeaveHalf } from '@wac/shared/schemas/attendance';
import { isoWeekday, zonedDate } from '@wac/shared/zoned-time';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import type { PlannedDay } from './calendar';
import * as repo from './board.repository';
import * as calendarRepo from './calendar.repository';
import * as entries from './entries.repository';

/**
 * Where a person stands on a company day: present or late by their first clock-in against the
 * scheduled start plus grace; absent once start plus grace has passed without one; expected before
 * that; not scheduled on a day off or a holiday (unless they came in anyway). Approved time off
 * covering a scheduled day, whole or half, makes them on leave rather than absent or expected; if
 * they came in anyway they are present, and late only when their leave is the afternoon (a morning
 * off starts their day at mid-day, so the scheduled start does not apply). A holiday or day off
 * stays not scheduled: the request takes nothing from it.
 */
export function statusOf(
  p: PlannedDay,
  firstIn: Date | null,
  now: Date,
  leave: { half: LeaveHalf | null } | null = null,
): BoardStatus {
  if (firstIn) {
    const judged = !leave || leave.half === 'afternoon';
    return judged && p.lateAfter && firstIn > p.lateAfter ? 'late' : 'present';
  }
  if (!p.start || !p.lateAfter) return 'notScheduled';
  if (leave) return 'onLeave';
  return now > p.lateAfter ? 'absent' : 'expected';
}

/**
 * The day board, computed in the database: counts over every active member and one page of the
 * asked status, in one statement, so a company of 100,000 reads a page without loading everyone.
 */
export async function board(
  ctx: TenantCtx,
  q: {
    date?: string;
    team?: string;
    department?: string;
    status?: BoardStatus;
    search?: string;
    page: number;
    itemsPerPage: number;
  },
) {
  return ctx.run(async (tx) => {
    if (q.team && !(await repo.teamExists(tx, ctx.companyId, q.team)))
      throw new AppError('NOT_FOUND', [{ path: 'querystring.team', code: 'invalid' }]);
    if (q.department && !(await repo.departmentExists(tx, ctx.companyId, q.department)))
      throw new AppError('NOT_FOUND', [{ path: 'querystring.department', code: 'invalid' }]);
    const settings = await calendarRepo.settings(tx, ctx.companyId);
    if (!settings) throw new AppError('NOT_FOUND');
    const date = q.date ?? zonedDate(await entries.now(tx), settings.time_zone);
    const [holidays, schedules] = await Promise.all([
      calendarRepo.holidaysBetween(tx, ctx.companyId, date, date),
      calendarRepo.listSchedules(tx, ctx.companyId),
    ]);
    const args = {
      ...q,
      date,
      timeZone: settings.time_zone,
      isoWeekday: isoWeekday(date),
      holiday: holidays.length > 0,
      defaultScheduleId: schedules.find((x) => x.is_default)?.id ?? null,
    };
    const page = await repo.boardPage(tx, ctx.companyId, args);
    // A page past the end holds no row to carry the counts: read them from the first.
    const head =
      page[0] ??
      (q.page > 1 ? (await repo.boardPage(tx, ctx.companyId, { ...args, page: 1, itemsPerPage: 1 }))[0] : undefined);
    const counts: Record<BoardStatus, number> = {
      present: head?.c_present ?? 0,
      late: head?.c_late ?? 0,
      absent: head?.c_absent ?? 0,
      onLeave: head?.c_on_leave ?? 0,
      expected: head?.c_expected ?? 0,
      notScheduled: head?.c_not_scheduled ?? 0,
    };
    return {
      ...pageOf(
        q,
        page.map((m) => ({
          userUuid: m.user_id,
          firstName: m.first_name,
          lastName: m.last_name,
          email: m.email,
          status: m.status,
          leave: m.leave_type ? { type: m.leave_type, color: m.leave_color ?? '', half: m.leave_half } : null,
          firstIn: iso(m.first_in),
          lastOut: m.open ? null : iso(m.last_out),
          clockedIn: m.open,
          workedMinutes: Math.floor(m.worked_seconds / 60),
        })),
        head?.total ?? 0,
      ),
      date,
      timeZone: settings.time_zone,
      counts,
    };
  });
}
