import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { containsPattern, rows } from '../../lib/sql';

export interface BoardMemberRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  first_in: Date | string | null;
  last_out: Date | string | null;
  open: boolean;
  worked_seconds: number;
}

export async function teamExists(tx: Tx, companyId: string, teamId: string) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM teams WHERE company_id = ${companyId} AND id = ${teamId}`,
  );
  return r.length > 0;
}

export interface BoardPageRow extends BoardMemberRow {
  status: 'present' | 'late' | 'absent' | 'expected' | 'notScheduled';
  c_present: number;
  c_late: number;
  c_absent: number;
  c_expected: number;
  c_not_scheduled: number;
  total: number;
}

/**
 * One page of the day board with the counts, in one statement: each active member's schedule of
 * the day (latest assignment by then, else the default), its start on the company's clock plus
 * grace, the entries of the day folded, the status, then counts over everyone and the page of
 * the asked status. The rule is the one `statusOf` states.
 */
export function boardPage(
  tx: Tx,
  companyId: string,
  q: {
    date: string;
    timeZone: string;
    isoWeekday: number;
    holiday: boolean;
    defaultScheduleId: string | null;
    team?: string;
    search?: string;
    status?: string;
    page: number;
    itemsPerPage: number;
  },
) {
  return rows<BoardPageRow>(
    tx,
    sql`WITH assigned AS (
          SELECT DISTINCT ON (a.user_id) a.user_id, a.schedule_id FROM schedule_assignments a
           WHERE a.company_id = ${companyId} AND a.effective_from <= ${q.date}::date
           ORDER BY a.user_id, a.effective_from DESC
        ), day AS (
          SELECT user_id, min(clock_in) AS first_in, max(clock_out) AS last_out, bool_or(status = 'open') AS open,
                 sum(extract(epoch FROM coalesce(clock_out, now()) - clock_in))::bigint AS worked_seconds
            FROM attendance_entries
           WHERE company_id = ${companyId} AND work_date = ${q.date}::date AND status <> 'removed'
           GROUP BY user_id
        ), people AS (
          SELECT m.user_id, u.first_name, u.last_name, u.email, d.first_in, d.last_out, coalesce(d.open, false) AS open,
                 coalesce(d.worked_seconds, 0)::int AS worked_seconds,
                 ${q.holiday ? sql`NULL::jsonb` : sql`nullif(ws.days -> ${q.isoWeekday - 1}::int, 'null'::jsonb)`} AS plan,
                 coalesce(ws.grace_minutes, 0) AS grace
            FROM memberships m JOIN users u ON u.id = m.user_id
            LEFT JOIN assigned a ON a.user_id = m.user_id
            LEFT JOIN work_schedules ws ON ws.company_id = ${companyId} AND ws.id = coalesce(a.schedule_id, ${q.defaultScheduleId}::uuid)
            LEFT JOIN day d ON d.user_id = m.user_id
           WHERE m.company_id = ${companyId} AND m.enabled
             ${q.team ? sql`AND EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = ${q.team} AND tm.user_id = m.user_id)` : sql``}
             ${q.search ? sql`AND lower(u.first_name || ' ' || u.last_name || ' ' || u.email) LIKE ${containsPattern(q.search)}` : sql``}
        ), judged AS (
          SELECT p.*, CASE
              WHEN p.first_in IS NOT NULL AND p.plan IS NOT NULL
                   AND p.first_in > ((${q.date}::date + (p.plan ->> 'start')::time) AT TIME ZONE ${q.timeZone}) + p.grace * interval '1 minute'
                THEN 'late'
              WHEN p.first_in IS NOT NULL THEN 'present'
              WHEN p.plan IS NULL THEN 'notScheduled'
              WHEN now() > ((${q.date}::date + (p.plan ->> 'start')::time) AT TIME ZONE ${q.timeZone}) + p.grace * interval '1 minute'
                THEN 'absent'
              ELSE 'expected' END AS status
            FROM people p
        ), counted AS (
          SELECT j.*,
                 count(*) FILTER (WHERE status = 'present') OVER () AS c_present,
                 count(*) FILTER (WHERE status = 'late') OVER () AS c_late,
                 count(*) FILTER (WHERE status = 'absent') OVER () AS c_absent,
                 count(*) FILTER (WHERE status = 'expected') OVER () AS c_expected,
                 count(*) FILTER (WHERE status = 'notScheduled') OVER () AS c_not_scheduled,
                 count(*) FILTER (WHERE ${q.status ?? null}::text IS NULL OR status = ${q.status ?? null}::text) OVER () AS total
            FROM judged j
        )
        SELECT user_id, first_name, last_name, email, first_in, last_out, open, worked_seconds, status,
               c_present::int, c_late::int, c_absent::int, c_expected::int, c_not_scheduled::int, total::int
          FROM counted
         WHERE ${q.status ?? null}::text IS NULL OR status = ${q.status ?? null}::text
         ORDER BY lower(first_name || ' ' || last_name), user_id
         LIMIT ${q.itemsPerPage} OFFSET ${(q.page - 1) * q.itemsPerPage}`,
  );
}
