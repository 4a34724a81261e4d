import type { IsoDate } from '@wac/shared/zoned-time';
import { companyChannel } from '@wac/shared/realtime';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { enqueue } from '../../lib/jobs/queue';
import { type CompanyCalendar, datesOf, plannedDay, worksOn } from './calendar';
import * as repo from './calendar.repository';
import { together } from './timesheets.repository';

/** No one: whose days are the default schedule's. */
const NOBODY = '';
import { groupBy } from '../../lib/group';

const changed = (ctx: TenantCtx, resource: string) =>
  ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource });

/**
 * A job (in the transaction that changed the holidays, so nothing runs for a change rolled back):
 * time off on those days is counted again (modules/time-off/recount.service.ts). The attendance
 * module names the job; the time-off module runs it.
 */
export const HOLIDAYS_CHANGED_JOB = 'calendar.holidays-changed';
const holidaysChanged = (ctx: TenantCtx, tx: Tx, dates: string[]) =>
  dates.length
    ? enqueue(tx, { type: HOLIDAYS_CHANGED_JOB, companyId: ctx.companyId, payload: { dates: [...new Set(dates)] } })
    : Promise.resolve();

const toSettings = (r: repo.SettingsRow) => ({
  timeZone: r.time_zone,
  weekStart: r.week_start,
  autoCloseMarginMinutes: r.auto_close_margin_minutes,
  version: r.version,
});

export async function getSettings(ctx: TenantCtx) {
  const r = await ctx.run((tx) => repo.settings(tx, ctx.companyId));
  if (!r) throw new AppError('NOT_FOUND');
  return toSettings(r);
}

export async function updateSettings(
  ctx: TenantCtx,
  body: { version: number; timeZone?: string; weekStart?: number; autoCloseMarginMinutes?: number },
) {
  const after = await ctx.run(async (tx) => {
    const before = await repo.settings(tx, ctx.companyId);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.version !== body.version) throw new AppError('VERSION_CONFLICT');
    const ok = await repo.saveSettings(tx, ctx.companyId, body.version, {
      weekStart: body.weekStart ?? before.week_start,
      autoCloseMarginMinutes: body.autoCloseMarginMinutes ?? before.auto_close_margin_minutes,
    });
    if (!ok) throw new AppError('VERSION_CONFLICT');
    if (body.timeZone !== undefined && body.timeZone !== before.time_zone) {
      await repo.setTimeZone(tx, ctx.companyId, body.timeZone);
    }
    const after = (await repo.settings(tx, ctx.companyId))!;
    await ctx.audit(tx, {
      action: 'attendance.settings_update',
      targetType: 'company',
      targetId: ctx.companyId,
      before: toSettings(before),
      after: toSettings(after),
    });
    return after;
  });
  await changed(ctx, 'attendance');
  return toSettings(after);
}

// ---- Public holidays ----
export async function listHolidays(
  ctx: TenantCtx,
  q: { from?: string; to?: string; search?: string; order: 'asc' | 'desc'; page: number; itemsPerPage: number },
) {
  const { data, totalItems } = await ctx.run((tx) => repo.listHolidays(tx, ctx.companyId, q));
  return pageOf(
    q,
    data.map((h) => ({ uuid: h.id, date: h.date, name: h.name })),
    totalItems,
  );
}

export async function createHoliday(ctx: TenantCtx, body: { date: string; name: string }) {
  const h = await ctx.run(async (tx) => {
    const h = await repo.insertHoliday(tx, ctx.companyId, body);
    if (!h) throw new AppError('HOLIDAY_DATE_TAKEN', [{ path: 'body.date', code: 'invalid' }]);
    await ctx.audit(tx, { action: 'holiday.create', targetType: 'holiday', targetId: h.id, after: body });
    await holidaysChanged(ctx, tx, [h.date]);
    return h;
  });
  await changed(ctx, 'holidays');
  return { uuid: h.id, date: h.date, name: h.name };
}

export async function updateHoliday(ctx: TenantCtx, { id, ...body }: { id: string; date?: string; name?: string }) {
  const h = await ctx.run(async (tx) => {
    const before = await repo.findHoliday(tx, ctx.companyId, id);
    if (!before) throw new AppError('NOT_FOUND');
    const next = { date: body.date ?? before.date, name: body.name ?? before.name };
    const after = await repo.updateHoliday(tx, ctx.companyId, id, next);
    if (!after) throw new AppError('HOLIDAY_DATE_TAKEN', [{ path: 'body.date', code: 'invalid' }]);
    await ctx.audit(tx, {
      action: 'holiday.update',
      targetType: 'holiday',
      targetId: id,
      before: { date: before.date, name: before.name },
      after: next,
    });
    if (next.date !== before.date) await holidaysChanged(ctx, tx, [before.date, next.date]);
    return after;
  });
  await changed(ctx, 'holidays');
  return { uuid: h.id, date: h.date, name: h.name };
}

/** Adds a year's holidays at once; dates that already have one are skipped (and counted). */
export async function importHolidays(ctx: TenantCtx, body: { holidays: Array<{ date: string; name: string }> }) {
  const result = await ctx.run(async (tx) => {
    const dates: string[] = [];
    for (const item of body.holidays) {
      const h = await repo.insertHoliday(tx, ctx.companyId, item);
      if (!h) continue;
      dates.push(h.date);
      await ctx.audit(tx, { action: 'holiday.create', targetType: 'holiday', targetId: h.id, after: item });
    }
    const added = dates.length;
    await holidaysChanged(ctx, tx, dates);
    return { added, skipped: body.holidays.length - added };
  });
  if (result.added) await changed(ctx, 'holidays');
  return result;
}

export async function removeHoliday(ctx: TenantCtx, id: string) {
  await ctx.run(async (tx) => {
    const h = await repo.findHoliday(tx, ctx.companyId, id);
    if (!h) throw new AppError('NOT_FOUND');
    await repo.removeHoliday(tx, id);
    await holidaysChanged(ctx, tx, [h.date]);
    await ctx.audit(tx, {
      action: 'holiday.delete',
      targetType: 'holiday',
      targetId: id,
      before: { date: h.date, name: h.name },
    });
  });
  await changed(ctx, 'holidays');
}

// ---- The calendar other services read ----

/** Loads what decides working days from `from` to `to` for some people (null: everyone), in one transaction. */
export async function loadCalendarInTx(
  tx: Tx,
  companyId: string,
  userIds: string[] | null,
  from: IsoDate,
  to: IsoDate,
): Promise<CompanyCalendar> {
  const s = await repo.settings(tx, companyId);
  if (!s) throw new AppError('NOT_FOUND');
  // One after another: a transaction is one connection, which runs one statement at a time anyway
  // (node-postgres queues the rest, and will refuse overlapping calls in its next major version).
  const hs = await repo.holidaysBetween(tx, companyId, from, to);
  const schedules = await repo.listSchedules(tx, companyId);
  const assignments = await repo.assignmentsOf(tx, companyId, userIds, to);
  return calendarOf(s, hs, schedules, assignments);
}

/** The calendar from its rows (read by `loadCalendarInTx`, or together with others in one statement). */
export function calendarOf(
  s: repo.SettingsRow,
  hs: repo.HolidayRow[],
  schedules: repo.ScheduleRow[],
  assignments: repo.AssignmentRow[],
): CompanyCalendar {
  const byUser = groupBy(assignments, (a) => a.user_id);
  return {
    timeZone: s.time_zone,
    weekStart: s.week_start,
    autoCloseMarginMinutes: s.auto_close_margin_minutes,
    holidays: new Map(hs.map((h) => [h.date, h.name])),
    schedules: new Map(schedules.map((x) => [x.id, x])),
    defaultScheduleId: schedules.find((x) => x.is_default)?.id ?? null,
    assignments: byUser,
  };
}

/**
 * Working days of a person from `from` to `to` (inclusive), in the company's calendar: days their
 * schedule has hours that are not public holidays, with the scheduled minutes of each (breaks
 * deducted). Time off counts a request with this.
 */
export async function workingDays(ctx: TenantCtx, q: { userId: string; from: IsoDate; to: IsoDate }) {
  return ctx.run(async (tx) => {
    if (!(await repo.isMember(tx, ctx.companyId, q.userId))) throw new AppError('NOT_FOUND');
    const cal = await loadCalendarInTx(tx, ctx.companyId, [q.userId], q.from, q.to);
    const dates: Array<{ date: IsoDate; minutes: number }> = [];
    for (const d of datesOf(q.from, q.to)) {
      const p = plannedDay(cal, q.userId, d);
      if (p.start) dates.push({ date: d, minutes: p.expectedMinutes });
    }
    return { days: dates.length, minutes: dates.reduce((s, d) => s + d.minutes, 0), dates };
  });
}

/**
 * For the team calendar: each person's days without work from `from` to `to` (their schedule has no
 * hours that day, or a public holiday), and the holidays, in the caller's transaction.
 */
export async function offDaysInTx(tx: Tx, companyId: string, userIds: string[], from: IsoDate, to: IsoDate) {
  // One prepared statement, not loadCalendarInTx's four: the team calendar's page pays each round trip.
  const b = await together<{
    settings: repo.SettingsRow[];
    holidays: repo.HolidayRow[];
    schedules: repo.ScheduleRow[];
    assignments: repo.AssignmentRow[];
  }>(
    tx,
    {
      settings: repo.settingsSql(companyId),
      holidays: repo.holidaysBetweenSql(companyId, from, to),
      schedules: repo.listSchedulesSql(companyId),
      assignments: repo.assignmentsOfSql(companyId, userIds, to),
    },
    undefined,
    { prepared: true },
  );
  if (!b.settings[0]) throw new AppError('NOT_FOUND');
  const cal = calendarOf(b.settings[0], b.holidays, b.schedules, b.assignments);
  const dates = [...datesOf(from, to)];
  // Whether a day has hours, not their times (a time-zone conversion each); the people who follow
  // the default schedule all month (most) share one list.
  const onDefault = dates.filter((d) => !worksOn(cal, NOBODY, d));
  const off = new Map(
    userIds.map((u) => [u, cal.assignments.has(u) ? dates.filter((d) => !worksOn(cal, u, d)) : onDefault]),
  );
  return { off, holidays: [...cal.holidays].map(([date, name]) => ({ date, name })) };
}

/** Public holidays from `from` to `to`, for the screens of time off. */
export async function holidaysBetween(ctx: TenantCtx, q: { from: IsoDate; to: IsoDate }) {
  const hs = await ctx.run((tx) => repo.holidaysBetween(tx, ctx.companyId, q.from, q.to));
  return hs.map((h) => ({ uuid: h.id, date: h.date, name: h.name }));
}
