import type { ScheduleDay } from '../../db/schema/attendance';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { intLiteral, rows, uuidArray } from '../../lib/sql';

export interface SettingsRow {
  time_zone: string;
  week_start: number;
  auto_close_margin_minutes: number;
  version: number;
}

export const settingsSql = (companyId: string) =>
  sql`SELECT c.time_zone, coalesce(s.week_start, 1)::int AS week_start,
               coalesce(s.auto_close_margin_minutes, 120)::int AS auto_close_margin_minutes,
               coalesce(s.version, 1)::int AS version
          FROM companies c LEFT JOIN attendance_settings s ON s.company_id = c.id WHERE c.id = ${companyId}`;

export async function settings(tx: Tx, companyId: string) {
  const [r] = await rows<SettingsRow>(tx, settingsSql(companyId));
  return r ?? null;
}

/** Writes the settings if `version` is still current; false when someone else wrote first. */
export async function saveSettings(
  tx: Tx,
  companyId: string,
  version: number,
  v: { weekStart: number; autoCloseMarginMinutes: number },
) {
  const r = await rows<{ company_id: string }>(
    tx,
    sql`INSERT INTO attendance_settings AS s (company_id, week_start, auto_close_margin_minutes, version)
        SELECT ${companyId}, ${v.weekStart}, ${v.autoCloseMarginMinutes}, 2
        ON CONFLICT (company_id) DO UPDATE SET week_start = excluded.week_start,
          auto_close_margin_minutes = excluded.auto_close_margin_minutes, version = s.version + 1, updated_at = now()
        WHERE s.version = ${version}
        RETURNING company_id`,
  );
  return r.length > 0;
}

export async function setTimeZone(tx: Tx, companyId: string, timeZone: string) {
  await tx.execute(sql`UPDATE companies SET time_zone = ${timeZone}, updated_at = now() WHERE id = ${companyId}`);
}

// ---- Holidays ----
export interface HolidayRow {
  id: string;
  date: string;
  name: string;
}

const holidayRange = (companyId: string, from?: string | SQL, to?: string | SQL) =>
  sql`company_id = ${companyId}${from ? sql` AND date >= ${from}` : sql``}${to ? sql` AND date <= ${to}` : sql``}`;

export async function listHolidays(
  tx: Tx,
  companyId: string,
  q: { from?: string; to?: string; search?: string; order: 'asc' | 'desc'; page: number; itemsPerPage: number },
) {
  const where = sql`${holidayRange(companyId, q.from, q.to)}${q.search ? sql` AND lower(name) LIKE ${`%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}`;
  const data = await rows<HolidayRow>(
    tx,
    sql`SELECT id, date::text AS date, name FROM holidays WHERE ${where}
         ORDER BY date ${q.order === 'desc' ? sql`DESC` : sql`ASC`}
         LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`,
  );
  const [c] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM holidays WHERE ${where}`);
  return { data, totalItems: c?.n ?? 0 };
}

export const holidaysBetweenSql = (companyId: string, from: string | SQL, to: string | SQL) =>
  sql`SELECT id, date::text AS date, name FROM holidays WHERE ${holidayRange(companyId, from, to)} ORDER BY date`;

export function holidaysBetween(tx: Tx, companyId: string, from: string, to: string) {
  return rows<HolidayRow>(tx, holidaysBetweenSql(companyId, from, to));
}

export async function findHoliday(tx: Tx, companyId: string, id: string) {
  const [r] = await rows<HolidayRow>(
    tx,
    sql`SELECT id, date::text AS date, name FROM holidays WHERE company_id = ${companyId} AND id = ${id}`,
  );
  return r ?? null;
}

/** Inserts a holiday; null when the date already has one. */
export async function insertHoliday(tx: Tx, companyId: string, v: { date: string; name: string }) {
  const [r] = await rows<HolidayRow>(
    tx,
    sql`INSERT INTO holidays (company_id, date, name) VALUES (${companyId}, ${v.date}, ${v.name})
        ON CONFLICT (company_id, date) DO NOTHING RETURNING id, date::text AS date, name`,
  );
  return r ?? null;
}

/** Changes a holiday; null when its new date already has another one. */
export async function updateHoliday(tx: Tx, companyId: string, id: string, v: { date: string; name: string }) {
  const taken = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM holidays WHERE company_id = ${companyId} AND date = ${v.date} AND id <> ${id}`,
  );
  if (taken.length > 0) return null;
  const [r] = await rows<HolidayRow>(
    tx,
    sql`UPDATE holidays SET date = ${v.date}, name = ${v.name} WHERE company_id = ${companyId} AND id = ${id}
        RETURNING id, date::text AS date, name`,
  );
  return r ?? null;
}

export async function removeHoliday(tx: Tx, id: string) {
  await tx.execute(sql`DELETE FROM holidays WHERE id = ${id}`);
}

// ---- Work schedules ----
export interface ScheduleRow {
  id: string;
  name: string;
  days: Array<ScheduleDay | null>;
  break_minutes: number;
  grace_minutes: number;
  is_default: boolean;
  version: number;
}
const SCHEDULE_COLS = sql`id, name, days, break_minutes, grace_minutes, is_default, version`;

export const listSchedulesSql = (companyId: string) =>
  sql`SELECT ${SCHEDULE_COLS} FROM work_schedules WHERE company_id = ${companyId} ORDER BY is_default DESC, lower(name), id`;

export function listSchedules(tx: Tx, companyId: string) {
  return rows<ScheduleRow>(tx, listSchedulesSql(companyId));
}

export async function findSchedule(tx: Tx, companyId: string, id: string, lock = false) {
  const [r] = await rows<ScheduleRow>(
    tx,
    sql`SELECT ${SCHEDULE_COLS} FROM work_schedules WHERE company_id = ${companyId} AND id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return r ?? null;
}

export async function scheduleNameTaken(tx: Tx, companyId: string, name: string, exceptId: string | null) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM work_schedules WHERE company_id = ${companyId} AND lower(name) = lower(${name})${exceptId ? sql` AND id <> ${exceptId}` : sql``} LIMIT 1`,
  );
  return r.length > 0;
}

export async function clearDefault(tx: Tx, companyId: string) {
  await tx.execute(
    sql`UPDATE work_schedules SET is_default = false, version = version + 1, updated_at = now()
         WHERE company_id = ${companyId} AND is_default`,
  );
}

export async function insertSchedule(
  tx: Tx,
  companyId: string,
  v: { name: string; days: Array<ScheduleDay | null>; breakMinutes: number; graceMinutes: number; isDefault: boolean },
) {
  const [r] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO work_schedules (company_id, name, days, break_minutes, grace_minutes, is_default)
        VALUES (${companyId}, ${v.name}, ${JSON.stringify(v.days)}::jsonb, ${v.breakMinutes}, ${v.graceMinutes}, ${v.isDefault})
        RETURNING id`,
  );
  return r!.id;
}

export async function updateSchedule(
  tx: Tx,
  id: string,
  version: number,
  v: {
    name?: string;
    days?: Array<ScheduleDay | null>;
    breakMinutes?: number;
    graceMinutes?: number;
    isDefault?: boolean;
  },
) {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  if (v.name !== undefined) sets.push(sql`name = ${v.name}`);
  if (v.days !== undefined) sets.push(sql`days = ${JSON.stringify(v.days)}::jsonb`);
  if (v.breakMinutes !== undefined) sets.push(sql`break_minutes = ${v.breakMinutes}`);
  if (v.graceMinutes !== undefined) sets.push(sql`grace_minutes = ${v.graceMinutes}`);
  if (v.isDefault !== undefined) sets.push(sql`is_default = ${v.isDefault}`);
  const r = await rows<{ id: string }>(
    tx,
    sql`UPDATE work_schedules SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return r.length > 0;
}

export async function scheduleInUse(tx: Tx, id: string) {
  const r = await rows<{ id: string }>(tx, sql`SELECT id FROM schedule_assignments WHERE schedule_id = ${id} LIMIT 1`);
  return r.length > 0;
}

export async function removeSchedule(tx: Tx, id: string) {
  await tx.execute(sql`DELETE FROM work_schedules WHERE id = ${id}`);
}

// ---- Assignments ----
export interface AssignmentRow {
  id: string;
  user_id: string;
  schedule_id: string;
  schedule_name: string;
  effective_from: string;
}

/**
 * Schedule assignments effective by `to` of some people (everyone with null), oldest first; the people
 * are one array parameter, so the statement's text (and a prepared plan) is the same for any number.
 */
export function assignmentsOfSql(companyId: string, userIds: string[] | null, to: string | SQL) {
  const who = userIds ? sql` AND a.user_id = ANY(${uuidArray(userIds)})` : sql``;
  return sql`SELECT a.id, a.user_id, a.schedule_id, s.name AS schedule_name, a.effective_from::text AS effective_from
          FROM schedule_assignments a JOIN work_schedules s ON s.id = a.schedule_id
         WHERE a.company_id = ${companyId} AND a.effective_from <= ${to}${who}
         ORDER BY a.user_id, a.effective_from`;
}

export async function assignmentsOf(tx: Tx, companyId: string, userIds: string[] | null, to: string) {
  if (userIds?.length === 0) return [];
  return rows<AssignmentRow>(tx, assignmentsOfSql(companyId, userIds, to));
}

export async function findAssignment(tx: Tx, companyId: string, id: string) {
  const [r] = await rows<AssignmentRow>(
    tx,
    sql`SELECT a.id, a.user_id, a.schedule_id, s.name AS schedule_name, a.effective_from::text AS effective_from
          FROM schedule_assignments a JOIN work_schedules s ON s.id = a.schedule_id
         WHERE a.company_id = ${companyId} AND a.id = ${id}`,
  );
  return r ?? null;
}

/** Assigns a schedule from a date on; the same person and date replaces the earlier choice. */
export async function upsertAssignment(
  tx: Tx,
  companyId: string,
  v: { userId: string; scheduleId: string; effectiveFrom: string },
) {
  const [r] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO schedule_assignments (company_id, user_id, schedule_id, effective_from)
        VALUES (${companyId}, ${v.userId}, ${v.scheduleId}, ${v.effectiveFrom})
        ON CONFLICT (company_id, user_id, effective_from) DO UPDATE SET schedule_id = excluded.schedule_id
        RETURNING id`,
  );
  return r!.id;
}

export async function removeAssignment(tx: Tx, id: string) {
  await tx.execute(sql`DELETE FROM schedule_assignments WHERE id = ${id}`);
}

export async function isMember(tx: Tx, companyId: string, userId: string) {
  const r = await rows<{ user_id: string }>(
    tx,
    sql`SELECT user_id FROM memberships WHERE company_id = ${companyId} AND user_id = ${userId}`,
  );
  return r.length > 0;
}
