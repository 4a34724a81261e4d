import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { intLiteral, rows, uuidArray } from '../../lib/sql';
import { NOT_EMPLOYED_KEY } from '../../db/board-keys';

/**
 * Enabled members assigned to each schedule on `day`, from the series kept by triggers (migration
 * 0034: a row per schedule and day its members changed, not a row per member), those outside their
 * employment on `day` (the `NOT_EMPLOYED_KEY` row, migration 0042: they follow no schedule), and the
 * company's enabled members from `member_stats`; the default's share is the rest, computed by the service.
 */
export async function scheduleCounts(tx: Tx, companyId: string, day: string) {
  const assigned = await rows<{ schedule_id: string; n: number }>(
    tx,
    sql`SELECT schedule_id, sum(n)::int AS n FROM schedule_member_changes
         WHERE company_id = ${companyId} AND day <= ${day}::date GROUP BY 1`,
  );
  const [total] = await rows<{ n: number }>(
    tx,
    sql`SELECT coalesce((SELECT n FROM member_stats WHERE company_id = ${companyId} AND role = '' AND enabled), 0)::int AS n`,
  );
  return {
    assigned: new Map(assigned.filter((r) => r.schedule_id !== NOT_EMPLOYED_KEY).map((r) => [r.schedule_id, r.n])),
    notEmployed: assigned.find((r) => r.schedule_id === NOT_EMPLOYED_KEY)?.n ?? 0,
    total: total?.n ?? 0,
  };
}

export interface ScheduleMemberRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  since: string | null;
}

const named = (page: SQL) =>
  sql`SELECT p.user_id, u.first_name, u.last_name, p.email, p.since
        FROM (${page}) p JOIN users u ON u.id = p.user_id
       ORDER BY p.sort_name, p.id`;

/** Not someone whose employment ended before `day` or starts after it (they follow no schedule outside it). */
const employedOn = (companyId: string, day: string) =>
  sql`NOT EXISTS (SELECT 1 FROM employees e WHERE e.company_id = ${companyId} AND e.user_id = m.user_id
                    AND (e.end_date < ${day}::date OR e.start_date > ${day}::date))`;

/**
 * A page of the enabled members whose assignment on `day` is `scheduleId`, in name order. Read from
 * that schedule's assignments (its index), each checked to be the person's latest by `day`: the cost
 * follows the people ever assigned to it, not the company's size.
 */
export function assignedMembers(
  tx: Tx,
  companyId: string,
  scheduleId: string,
  day: string,
  q: { page: number; itemsPerPage: number },
) {
  return rows<ScheduleMemberRow>(
    tx,
    named(sql`SELECT m.id, m.user_id, m.email, m.sort_name, a.effective_from::text AS since
        FROM schedule_assignments a
        JOIN memberships m ON m.company_id = a.company_id AND m.user_id = a.user_id AND m.enabled
       WHERE a.company_id = ${companyId} AND a.schedule_id = ${scheduleId} AND a.effective_from <= ${day}::date
         AND NOT EXISTS (SELECT 1 FROM schedule_assignments b
                          WHERE b.company_id = ${companyId} AND b.user_id = a.user_id
                            AND b.effective_from > a.effective_from AND b.effective_from <= ${day}::date)
         AND ${employedOn(companyId, day)}
       ORDER BY m.sort_name, m.id
       LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`),
  );
}

/**
 * A page of the enabled members following the default schedule on `day` (no assignment yet, or one to
 * the default itself): the name index walked in order, each person's latest assignment looked up on
 * the person-and-date index. Most people follow the default, so a page reads about its own rows.
 */
export function defaultMembers(
  tx: Tx,
  companyId: string,
  defaultId: string,
  day: string,
  q: { page: number; itemsPerPage: number },
) {
  return rows<ScheduleMemberRow>(
    tx,
    named(sql`SELECT m.id, m.user_id, m.email, m.sort_name, cur.effective_from::text AS since
        FROM memberships m
        LEFT JOIN LATERAL (SELECT a.schedule_id, a.effective_from FROM schedule_assignments a
                            WHERE a.company_id = ${companyId} AND a.user_id = m.user_id AND a.effective_from <= ${day}::date
                            ORDER BY a.effective_from DESC LIMIT 1) cur ON true
       WHERE m.company_id = ${companyId} AND m.enabled AND (cur.schedule_id IS NULL OR cur.schedule_id = ${defaultId})
         AND ${employedOn(companyId, day)}
       ORDER BY m.sort_name, m.id
       LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`),
  );
}

/** How many of `userIds` are members of the company (enabled or not). */
export async function membersAmong(tx: Tx, companyId: string, userIds: string[]) {
  const [r] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM memberships WHERE company_id = ${companyId} AND user_id = ANY(${uuidArray(userIds)})`,
  );
  return r?.n ?? 0;
}

export type BulkSource = { userIds: string[] } | { teamId: string } | { departmentId: string };

const sourceOf = (companyId: string, s: BulkSource) =>
  'userIds' in s
    ? sql`m.user_id = ANY(${uuidArray(s.userIds)})`
    : 'teamId' in s
      ? sql`m.user_id IN (SELECT tm.user_id FROM team_members tm WHERE tm.company_id = ${companyId} AND tm.team_id = ${s.teamId})`
      : sql`m.user_id IN (SELECT e.user_id FROM employees e WHERE e.company_id = ${companyId} AND e.department_id = ${s.departmentId})`;

/** How many members a team or a department holds, counted up to `cap + 1` (an index range, not the whole source). */
export async function sourceSize(tx: Tx, companyId: string, source: BulkSource, cap: number) {
  const [r] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM memberships m
         WHERE m.company_id = ${companyId} AND ${sourceOf(companyId, source)} LIMIT ${intLiteral(cap + 1)}) x`,
  );
  return r?.n ?? 0;
}

/** Every member a team or a department holds, in user id order (a background assignment's people). */
export async function sourceIds(tx: Tx, companyId: string, source: BulkSource) {
  const found = await rows<{ user_id: string }>(
    tx,
    sql`SELECT m.user_id FROM memberships m WHERE m.company_id = ${companyId} AND ${sourceOf(companyId, source)} ORDER BY m.user_id`,
  );
  return found.map((r) => r.user_id);
}

/** People one statement writes (each statement within the bulk time limit; see `assignMany`). */
export const BULK_CHUNK = 200;

/**
 * Every member of the source follows `scheduleId` from `effectiveFrom` on (the same person and date
 * replaces the earlier choice, as a single assignment does); answers how many. Written in chunks of
 * `BULK_CHUNK` in user id order, all in the caller's transaction: the triggers that keep the day
 * board's and Stats' aggregates re-derive each person written (about 10 ms a person at 100,000
 * members with time off), and 5,000 people in one statement passed the bulk statement limit.
 */
export async function assignMany(
  tx: Tx,
  companyId: string,
  v: { source: BulkSource; scheduleId: string; effectiveFrom: string },
) {
  let after: string | null = null;
  let total = 0;
  for (;;) {
    const written: Array<{ n: number; last: string | null }> = await rows(
      tx,
      sql`WITH src AS (
            SELECT m.user_id FROM memberships m
             WHERE m.company_id = ${companyId} AND ${sourceOf(companyId, v.source)}${after ? sql` AND m.user_id > ${after}` : sql``}
             ORDER BY m.user_id LIMIT ${intLiteral(BULK_CHUNK)}
          ), ins AS (
            INSERT INTO schedule_assignments (company_id, user_id, schedule_id, effective_from)
            SELECT ${companyId}, user_id, ${v.scheduleId}, ${v.effectiveFrom} FROM src
            ON CONFLICT (company_id, user_id, effective_from) DO UPDATE SET schedule_id = excluded.schedule_id
            RETURNING 1)
          SELECT (SELECT count(*) FROM ins)::int AS n, (SELECT user_id FROM src ORDER BY user_id DESC LIMIT 1) AS last`,
    );
    const r = written[0];
    total += r?.n ?? 0;
    if (!r?.last || (r.n ?? 0) < BULK_CHUNK) return total;
    after = r.last;
  }
}
