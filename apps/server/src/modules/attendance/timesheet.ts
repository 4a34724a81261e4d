import type { DayLeave } from '@wac/shared/schemas/attendance';
import { addDays, type IsoDate } from '@wac/shared/zoned-time';
import { iso } from '../../lib/sql';
import { type CompanyCalendar, datesOf, plannedDay } from './calendar';
import { toEntry } from './clock.service';
import type { ShownEntryRow } from './entries.repository';
import { groupBy } from '../../lib/group';

/** The days of a week (from the company's week start) or a calendar month containing `date`. */
export function periodOf(period: 'week' | 'month', date: IsoDate, weekStart: number) {
  if (period === 'month') {
    const from = `${date.slice(0, 7)}-01`;
    const [y, m] = date.split('-').map(Number) as [number, number];
    const to = addDays(new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10), -1);
    return { from, to };
  }
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
  const from = addDays(date, -((w - weekStart + 7) % 7));
  return { from, to: addDays(from, 6) };
}

const minutes = (ms: number) => Math.floor(ms / 60_000);

/** A day without a schedule (outside the employment). */
const NOTHING_PLANNED = { schedule: null, start: null, end: null, expectedMinutes: 0, lateAfter: null } as const;

/**
 * One person's days: first in, last out, minutes worked (the schedule's unpaid break deducted as
 * far as the gaps between pairs did not already take it), expected minutes, overtime, lateness,
 * holidays and approved leave. Every day is the company's day; an entry counts to the day it started.
 *
 * Leave counts on scheduled days only (a holiday or day off takes none, as the request's amount
 * does). Its minutes are expected minutes covered, never missing: the day's expected minutes stay
 * the schedule's, `leaveMinutes` says how many of them the leave covers (all, or half for a half
 * day). A whole day off is never late, absent or in overtime; a half day is judged against the half
 * still due (overtime beyond it; lateness only when the afternoon is off, a morning off starting the
 * day at mid-day), and never counted absent.
 *
 * Outside the employment (before the record's start date, after its end date: `employment`) the
 * person follows no schedule, as Stats counts only days employed and the day board ends the schedule
 * after the end date: nothing is expected, nobody is late or absent, and what they worked anyway
 * counts as worked (and overtime).
 */
export function timesheetDays(
  cal: CompanyCalendar,
  userId: string,
  from: IsoDate,
  to: IsoDate,
  entries: ShownEntryRow[],
  now: Date,
  leaveDays: Map<string, DayLeave> = new Map(),
  employment: { start: IsoDate | null; end: IsoDate | null } = { start: null, end: null },
) {
  const byDay = groupBy(entries, (e) => e.work_date);
  const days = [];
  const totals = {
    workedMinutes: 0,
    expectedMinutes: 0,
    overtimeMinutes: 0,
    lateMinutes: 0,
    lateDays: 0,
    absentDays: 0,
    leaveDays: 0,
    leaveMinutes: 0,
  };
  for (const date of datesOf(from, to)) {
    const p =
      (employment.end && date > employment.end) || (employment.start && date < employment.start)
        ? { ...NOTHING_PLANNED, date, holiday: cal.holidays.get(date) ?? null }
        : plannedDay(cal, userId, date);
    const list = byDay.get(date) ?? [];
    let workedMs = 0;
    let gapsMs = 0;
    let prevOut: Date | null = null;
    for (const e of list) {
      const start = new Date(e.clock_in);
      const end = e.clock_out ? new Date(e.clock_out) : now;
      workedMs += Math.max(0, end.getTime() - start.getTime());
      if (prevOut && start > prevOut) gapsMs += start.getTime() - prevOut.getTime();
      prevOut = end;
    }
    let worked = minutes(workedMs);
    if (worked > 0 && p.start && p.schedule)
      worked = Math.max(0, worked - Math.max(0, p.schedule.break_minutes - minutes(gapsMs)));
    const firstIn = list[0] ? new Date(list[0].clock_in) : null;
    const last = list[list.length - 1];
    const leave = p.start ? (leaveDays.get(date) ?? null) : null;
    const leaveMinutes = !leave ? 0 : leave.half ? Math.round(p.expectedMinutes / 2) : p.expectedMinutes;
    const judgedLate = !leave || leave.half === 'afternoon';
    const lateMinutes =
      judgedLate && firstIn && p.lateAfter && p.start && firstIn > p.lateAfter
        ? minutes(firstIn.getTime() - p.start.getTime())
        : 0;
    const overtime = leave && !leave.half ? 0 : Math.max(0, worked - (p.expectedMinutes - leaveMinutes));
    totals.workedMinutes += worked;
    totals.expectedMinutes += p.expectedMinutes;
    totals.overtimeMinutes += overtime;
    totals.lateMinutes += lateMinutes;
    totals.leaveMinutes += leaveMinutes;
    if (leave) totals.leaveDays += leave.half ? 0.5 : 1;
    if (lateMinutes > 0) totals.lateDays++;
    if (!leave && !firstIn && p.lateAfter && p.lateAfter < now) totals.absentDays++;
    days.push({
      date,
      firstIn: iso(firstIn),
      lastOut: last?.clock_out ? iso(last.clock_out) : null,
      workedMinutes: worked,
      expectedMinutes: p.expectedMinutes,
      overtimeMinutes: overtime,
      lateMinutes,
      holiday: p.holiday,
      leave,
      leaveMinutes,
      autoClosed: list.some((e) => e.status === 'auto_closed'),
      open: list.some((e) => e.status === 'open'),
      entries: list.map(toEntry),
    });
  }
  return { days, totals };
}
