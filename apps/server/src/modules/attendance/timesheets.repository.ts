import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { intLiteral, lockUntilCommit, preparedRows, rows } from '../../lib/sql';
import type { ShownEntryRow } from './entries.repository';

export interface PersonRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** The employment's start and end dates (the record's), if any: no schedule outside them. */
  start_date: string | null;
  end_date: string | null;
}

export const personSql = (companyId: string, userId: string) =>
  sql`SELECT m.user_id, u.first_name, u.last_name, u.email, m.enabled, e.start_date::text AS start_date, e.end_date::text AS end_date
        FROM memberships m JOIN users u ON u.id = m.user_id
        LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
       WHERE m.company_id = ${companyId} AND m.user_id = ${userId}`;

export const nowSql = sql`SELECT now() AS now`;

export async function person(tx: Tx, companyId: string, userId: string) {
  const [r] = await rows<PersonRow>(tx, personSql(companyId, userId));
  return r ?? null;
}

/**
 * Several row sets in one statement (one round trip instead of one each): each query's rows as
 * JSON, in the query's order. Timestamps come back as ISO strings, dates as the queries cast them.
 */
export async function together<T extends Record<string, unknown[]>>(
  tx: Tx,
  parts: { [K in keyof T]: SQL },
  /** Common table expressions the parts may read (`WITH` is added). */
  ctes?: SQL,
  /**
   * Prepared by name even as a transaction's first statement (preparedRows), its plan kept: a
   * statement of many parts costs more to plan than the round trip that inlining it saves (a
   * person's month: 2.9 ms a call planned every time, 1.3 ms prepared; decision 020).
   */
  { prepared = false }: { prepared?: boolean } = {},
) {
  const cols = Object.entries(parts).map(
    ([k, q]) => sql`(SELECT coalesce(json_agg(x), '[]'::json) FROM (${q as SQL}) x) AS ${sql.identifier(k)}`,
  );
  const statement = sql`${ctes ? sql`WITH ${ctes} ` : sql``}SELECT ${sql.join(cols, sql`, `)}`;
  const [r] = await (prepared ? preparedRows<T>(tx, statement) : rows<T>(tx, statement));
  return r!;
}

/**
 * The period of a timesheet as SQL (`period_of (f, t)`): the month, or the week from the company's
 * first day of the week, around `date` or the company's today (as `periodOf` computes it).
 */
export const periodCte = (companyId: string, period: 'week' | 'month', date: string | null) =>
  sql`day_of AS (
          SELECT coalesce(${date}::date, (now() AT TIME ZONE c.time_zone)::date) AS d, coalesce(s.week_start, 1)::int AS ws
            FROM companies c LEFT JOIN attendance_settings s ON s.company_id = c.id WHERE c.id = ${companyId}
        ), period_of AS (
          SELECT f, CASE WHEN ${period}::text = 'month' THEN (f + interval '1 month' - interval '1 day')::date ELSE f + 6 END AS t
            FROM (SELECT CASE WHEN ${period}::text = 'month' THEN date_trunc('month', d)::date
                              ELSE d - ((extract(isodow FROM d)::int - ws + 7) % 7) END AS f FROM day_of) x
        )`;
export const periodFrom = sql`(SELECT f FROM period_of)`;
export const periodTo = sql`(SELECT t FROM period_of)`;
export const periodSql = sql`SELECT f::text AS from, t::text AS to FROM period_of`;

/** Where a batch of the company export ends: the last person's name key and membership. */
export interface PeopleCursor {
  k: string;
  id: string;
}

/**
 * Members in name order (the members list's: `sort_name`, then the membership) after `after`,
 * optionally of a team: the batches of the company export, on the name index
 * (memberships_company_name_idx), so a payroll file reads like the screens and memory stays flat.
 */
export function peopleAfter(tx: Tx, companyId: string, after: PeopleCursor | null, limit: number, team?: string) {
  return rows<PersonRow & PeopleCursor>(
    tx,
    sql`SELECT m.user_id, u.first_name, u.last_name, u.email, e.start_date::text AS start_date, e.end_date::text AS end_date, m.sort_name AS k, m.id
          FROM memberships m JOIN users u ON u.id = m.user_id
          LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
         WHERE m.company_id = ${companyId}${after ? sql` AND (m.sort_name, m.id) > (${after.k}, ${after.id}::uuid)` : sql``}
           ${team ? sql`AND EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = ${team} AND tm.user_id = m.user_id)` : sql``}
         ORDER BY m.sort_name, m.id LIMIT ${intLiteral(limit)}`,
  );
}

/** Live entries of some people over some company days, by person then clock-in. */
export function entriesOf(tx: Tx, companyId: string, userIds: string[], from: string, to: string) {
  if (userIds.length === 0) return Promise.resolve([] as ShownEntryRow[]);
  return rows<ShownEntryRow>(tx, entriesOfSql(companyId, userIds, from, to));
}

/**
 * The statement of `entriesOf` (at least one person). Every column it reads is in
 * `attendance_entries_user_day_idx` (migration 0039): an index-only scan reads a person's month
 * from one or two index pages, where the table holds it on as many pages as days.
 */
export function entriesOfSql(companyId: string, userIds: string[], from: string | SQL, to: string | SQL) {
  return sql`SELECT id, user_id, work_date::text AS work_date, clock_in, clock_out, recorded_in, recorded_out, status, source,
               version
          FROM attendance_entries
         WHERE company_id = ${companyId} AND user_id IN (${sql.join(
           userIds.map((u) => sql`${u}::uuid`),
           sql`, `,
         )}) AND work_date BETWEEN ${from} AND ${to} AND status <> 'removed'
         ORDER BY user_id, clock_in`;
}

// ---- Locks ----
export interface LockRow {
  id: string;
  from_date: string;
  to_date: string;
  locked_by: string | null;
  created_at: Date | string;
}
const LOCK_COLS = sql`id, from_date::text AS from_date, to_date::text AS to_date, locked_by, created_at`;

export function locks(tx: Tx, companyId: string) {
  return rows<LockRow>(
    tx,
    sql`SELECT ${LOCK_COLS} FROM timesheet_locks WHERE company_id = ${companyId} ORDER BY from_date DESC, id`,
  );
}

export const locksBetweenSql = (companyId: string, from: string | SQL, to: string | SQL) =>
  sql`SELECT ${LOCK_COLS} FROM timesheet_locks WHERE company_id = ${companyId} AND from_date <= ${to} AND to_date >= ${from}`;

export function locksBetween(tx: Tx, companyId: string, from: string, to: string) {
  return rows<LockRow>(tx, locksBetweenSql(companyId, from, to));
}

export async function findLock(tx: Tx, companyId: string, id: string) {
  const [r] = await rows<LockRow>(
    tx,
    sql`SELECT ${LOCK_COLS} FROM timesheet_locks WHERE company_id = ${companyId} AND id = ${id}`,
  );
  return r ?? null;
}

/** Locks a period; waits for the company's corrections in flight (`holdLocks` in corrections.repository). */
export async function insertLock(tx: Tx, companyId: string, v: { from: string; to: string; lockedBy: string | null }) {
  await lockUntilCommit(tx, 'timesheet-locks', companyId);
  const [r] = await rows<LockRow>(
    tx,
    sql`INSERT INTO timesheet_locks (company_id, from_date, to_date, locked_by) VALUES (${companyId}, ${v.from}, ${v.to}, ${v.lockedBy})
        RETURNING ${LOCK_COLS}`,
  );
  return r!;
}

export async function removeLock(tx: Tx, companyId: string, id: string) {
  await tx.execute(sql`DELETE FROM timesheet_locks WHERE company_id = ${companyId} AND id = ${id}`);
}
