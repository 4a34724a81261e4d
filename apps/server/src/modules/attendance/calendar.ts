import { addDays, isoWeekday, type IsoDate, zonedInstant } from '@wac/shared/zoned-time';
import type { AssignmentRow, ScheduleRow } from './calendar.repository';

/** What decides a company's working days: its zone, holidays, schedules and who follows which. */
export interface CompanyCalendar {
  timeZone: string;
  weekStart: number;
  autoCloseMarginMinutes: number;
  holidays: Map<IsoDate, string>;
  schedules: Map<string, ScheduleRow>;
  defaultScheduleId: string | null;
  /** Per person, oldest first. */
  assignments: Map<string, AssignmentRow[]>;
  /** Scheduled spans already computed, by schedule and date (filled as days are planned). */
  spans?: Map<string, { start: Date; end: Date }>;
}

export interface PlannedDay {
  date: IsoDate;
  holiday: string | null;
  schedule: ScheduleRow | null;
  /** Scheduled start and end instants; null on a day off or a holiday. */
  start: Date | null;
  end: Date | null;
  /** Scheduled minutes, the unpaid break deducted. */
  expectedMinutes: number;
  /** Later than this, a first clock-in is late. */
  lateAfter: Date | null;
}

/** The schedule a person follows on a date: their latest assignment starting by then, else the default. */
export function scheduleFor(cal: CompanyCalendar, userId: string, date: IsoDate): ScheduleRow | null {
  const list = cal.assignments.get(userId);
  let id = cal.defaultScheduleId;
  if (list) {
    for (const a of list) {
      if (a.effective_from <= date) id = a.schedule_id;
      else break;
    }
  }
  return id ? (cal.schedules.get(id) ?? null) : null;
}

/** Whether the person's schedule has hours on the date and it is no public holiday (`plannedDay` without its times). */
export function worksOn(cal: CompanyCalendar, userId: string, date: IsoDate): boolean {
  return !cal.holidays.has(date) && !!scheduleFor(cal, userId, date)?.days[isoWeekday(date) - 1];
}

/** Scheduled minutes of one weekday of a schedule on a date, in the zone (a DST night still counts its real length). */
export function spanOf(date: IsoDate, day: { start: string; end: string }, timeZone: string) {
  const start = zonedInstant(date, day.start, timeZone);
  const end = zonedInstant(day.end > day.start ? date : addDays(date, 1), day.end, timeZone);
  return { start, end };
}

export function plannedDay(cal: CompanyCalendar, userId: string, date: IsoDate): PlannedDay {
  const holiday = cal.holidays.get(date) ?? null;
  const schedule = scheduleFor(cal, userId, date);
  const day = schedule?.days[isoWeekday(date) - 1] ?? null;
  if (holiday || !schedule || !day) {
    return { date, holiday, schedule, start: null, end: null, expectedMinutes: 0, lateAfter: null };
  }
  // Everyone on a schedule shares its day's span: an export plans thousands of person-days.
  cal.spans ??= new Map();
  const key = `${schedule.id}|${date}`;
  let span = cal.spans.get(key);
  if (!span) {
    span = spanOf(date, day, cal.timeZone);
    cal.spans.set(key, span);
  }
  const { start, end } = span;
  const expectedMinutes = Math.max(0, Math.round((end.getTime() - start.getTime()) / 60_000) - schedule.break_minutes);
  return {
    date,
    holiday,
    schedule,
    start,
    end,
    expectedMinutes,
    lateAfter: new Date(start.getTime() + schedule.grace_minutes * 60_000),
  };
}

/** Scheduled minutes of a whole week of a schedule (a plain week, no holidays). */
export function weeklyMinutes(s: Pick<ScheduleRow, 'days' | 'break_minutes'>) {
  return s.days.reduce((sum, d) => {
    if (!d) return sum;
    const [sh, sm] = d.start.split(':').map(Number) as [number, number];
    const [eh, em] = d.end.split(':').map(Number) as [number, number];
    let span = eh * 60 + em - (sh * 60 + sm);
    if (span <= 0) span += 1440;
    return sum + Math.max(0, span - s.break_minutes);
  }, 0);
}

export function* datesOf(from: IsoDate, to: IsoDate) {
  for (let d = from; d <= to; d = addDays(d, 1)) yield d;
}
