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
  leave_type: string | null;
  leave_color: string | null;
  leave_half: 'morning' | 'afternoon' | null;
}

export async function teamExists(tx: Tx, companyId: string, teamId: string) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM teams WHERE company_id = ${companyId} AND id = ${teamId}`,
  );
  return r.length > 0;
}

export async function departmentExists(tx: Tx, companyId: string, departmentId: string) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM departments WHERE company_id = ${companyId} AND id = ${departmentId}`,
  );
  return r.length > 0;
}

export interface BoardPageRow extends BoardMemberRow {
  status: 'present' | 'late' | 'absent' | 'onLeave' | 'expected' | 'notScheduled';
  c_present: number;
  c_late: number;
  c_absent: number;
  c_on_leave: number;
  c_expected: number;
  c_not_scheduled: number;
  total: number;
}

/**
 * One page of the day board with the counts, in one statement: each active member's schedule of
 * the day (latest assignment by then, else the default), its start on the company's clock plus
 * grace, the entries of the day folded, approved time off covering the day, the status, then counts
 * over everyone and the page of the asked status. The rule is the one `statusOf` states.
 *
 * The time off of the day is read once for the company on the partial index of pending and approved
 * requests by (company, end date, start date): only requests ending on or after the day are visited,
 * never every request of every member.
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
    department?: string;
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
        ), leave_req AS (
          SELECT r.user_id, t.name, t.color,
                 CASE WHEN r.start_date = ${q.date}::date AND r.start_half THEN 'afternoon'
                      WHEN r.end_date = ${q.date}::date AND r.end_half THEN 'morning' END AS half
            FROM time_off_requests r
            JOIN time_off_types t ON t.company_id = r.company_id AND t.id = r.type_id
           WHERE r.company_id = ${companyId} AND r.status = 'approved'
             AND r.end_date >= ${q.date}::date AND r.start_date <= ${q.date}::date
        ), leave AS (
          -- A morning and an afternoon off (two requests) make a whole day, named by a whole-day
          -- request if there is one, else by the morning's.
          SELECT user_id,
                 (array_agg(name ORDER BY CASE half WHEN 'afternoon' THEN 2 WHEN 'morning' THEN 1 ELSE 0 END, name))[1] AS leave_type,
                 (array_agg(color ORDER BY CASE half WHEN 'afternoon' THEN 2 WHEN 'morning' THEN 1 ELSE 0 END, name))[1] AS leave_color,
                 CASE WHEN bool_or(half IS NULL) OR count(DISTINCT half) = 2 THEN NULL ELSE min(half) END AS leave_half
            FROM leave_req GROUP BY user_id
        ), people AS (
          SELECT m.user_id, u.first_name, u.last_name, u.email, d.first_in, d.last_out, coalesce(d.open, false) AS open,
                 coalesce(d.worked_seconds, 0)::int AS worked_seconds,
                 l.user_id IS NOT NULL AS on_leave, l.leave_type, l.leave_color, l.leave_half,
                 ${q.holiday ? sql`NULL::jsonb` : sql`nullif(ws.days -> ${q.isoWeekday - 1}::int, 'null'::jsonb)`} AS plan,
                 coalesce(ws.grace_minutes, 0) AS grace
            FROM memberships m JOIN users u ON u.id = m.user_id
            LEFT JOIN assigned a ON a.user_id = m.user_id
            LEFT JOIN work_schedules ws ON ws.company_id = ${companyId} AND ws.id = coalesce(a.schedule_id, ${q.defaultScheduleId}::uuid)
            LEFT JOIN day d ON d.user_id = m.user_id
            LEFT JOIN leave l ON l.user_id = m.user_id
           WHERE m.company_id = ${companyId} AND m.enabled
             ${q.team ? sql`AND EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = ${q.team} AND tm.user_id = m.user_id)` : sql``}
             ${q.department ? sql`AND EXISTS (SELECT 1 FROM employees e WHERE e.company_id = ${companyId} AND e.user_id = m.user_id AND e.department_id = ${q.department})` : sql``}
             ${q.search ? sql`AND lower(u.first_name || ' ' || u.last_name || ' ' || u.email) LIKE ${containsPattern(q.search)}` : sql``}
        ), judged AS (
          SELECT p.*, CASE
              WHEN p.first_in IS NOT NULL AND p.plan IS NOT NULL AND (NOT p.on_leave OR p.leave_half = 'afternoon')
                   AND p.first_in > ((${q.date}::date + (p.plan ->> 'start')::time) AT TIME ZONE ${q.timeZone}) + p.grace * interval '1 minute'
                THEN 'late'
              WHEN p.first_in IS NOT NULL THEN 'present'
              WHEN p.plan IS NULL THEN 'notScheduled'
              WHEN p.on_leave THEN 'onLeave'
              WHEN now() > ((${q.date}::date + (p.plan ->> 'start')::time) AT TIME ZONE ${q.timeZone}) + p.grace * interval '1 minute'
                THEN 'absent'
              ELSE 'expected' END AS status
            FROM people p
        ), counted AS (
          SELECT j.*,
                 count(*) FILTER (WHERE status = 'present') OVER () AS c_present,
                 count(*) FILTER (WHERE status = 'late') OVER () AS c_late,
                 count(*) FILTER (WHERE status = 'absent') OVER () AS c_absent,
                 count(*) FILTER (WHERE status = 'onLeave') OVER () AS c_on_leave,
                 count(*) FILTER (WHERE status = 'expected') OVER () AS c_expected,
                 count(*) FILTER (WHERE status = 'notScheduled') OVER () AS c_not_scheduled,
                 count(*) FILTER (WHERE ${q.status ?? null}::text IS NULL OR status = ${q.status ?? null}::text) OVER () AS total
            FROM judged j
        )
        SELECT user_id, first_name, last_name, email, first_in, last_out, open, worked_seconds, status,
               CASE WHEN plan IS NOT NULL THEN leave_type END AS leave_type,
               CASE WHEN plan IS NOT NULL THEN leave_color END AS leave_color,
               CASE WHEN plan IS NOT NULL THEN leave_half END AS leave_half,
               c_present::int, c_late::int, c_absent::int, c_on_leave::int, c_expected::int, c_not_scheduled::int, total::int
          FROM counted
         WHERE ${q.status ?? null}::text IS NULL OR status = ${q.status ?? null}::text
         ORDER BY lower(first_name || ' ' || last_name), user_id
         LIMIT ${q.itemsPerPage} OFFSET ${(q.page - 1) * q.itemsPerPage}`,
  );
}
