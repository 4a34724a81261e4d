import type { DayLeave } from '@wac/shared/schemas/attendance';
import { addDays } from '@wac/shared/zoned-time';
import type { Tx } from '../../db/client';
import * as repo from './requests.repository';

/** For a caller that reads the approved requests together with other rows (one statement). */
export { type ApprovedLeaveRow, approvedBetweenSql } from './requests.repository';

/**
 * Approved time off, day by day, for attendance's timesheets: per person, each date from `from` to
 * `to` an approved request covers, with its type and the half it takes (a request's first day from
 * mid-day is its afternoon, its last day to mid-day its morning). A morning and an afternoon of two
 * requests on one day make a whole day. Whether the day is a working day is the caller's to judge.
 */
export async function approvedLeaveInTx(
  tx: Tx,
  companyId: string,
  userIds: string[],
  from: string,
  to: string,
): Promise<Map<string, Map<string, DayLeave>>> {
  return leaveByDay(await repo.approvedBetween(tx, companyId, userIds, from, to), from, to);
}

/** `approvedLeaveInTx` from the approved requests' rows (read alone or with others in one statement). */
export function leaveByDay(
  approved: repo.ApprovedLeaveRow[],
  from: string,
  to: string,
): Map<string, Map<string, DayLeave>> {
  const out = new Map<string, Map<string, DayLeave>>();
  for (const r of approved) {
    const days = out.get(r.user_id) ?? new Map<string, DayLeave>();
    out.set(r.user_id, days);
    const first = r.start_date > from ? r.start_date : from;
    const last = r.end_date < to ? r.end_date : to;
    for (let d = first; d <= last; d = addDays(d, 1)) {
      const half = d === r.start_date && r.start_half ? 'afternoon' : d === r.end_date && r.end_half ? 'morning' : null;
      const had = days.get(d);
      if (!had || (had.half !== null && half === null)) days.set(d, { type: r.type_name, color: r.type_color, half });
      else if (had.half !== null && half !== null && half !== had.half) {
        // Both halves: a whole day, named by its morning's type (as the day board names it).
        const morning = half === 'morning' ? { type: r.type_name, color: r.type_color } : had;
        days.set(d, { type: morning.type, color: morning.color, half: null });
      }
    }
  }
  return out;
}
