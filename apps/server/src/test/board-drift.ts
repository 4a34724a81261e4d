import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rows } from '../lib/sql';
import { NOT_EMPLOYED_KEY } from '../db/board-keys';

/**
 * The day board's maintained rows (decision 021) against a recomputation from the raw rows (entries,
 * approved time off, memberships, assignments): one row per kind with the number of rows that differ —
 * member-days, counts, leave days, leave counts, members per assigned schedule. For the property tests.
 */
export function boardDrift(tx: Tx, companyId: string) {
  return rows<{ kind: string; n: number }>(
    tx,
    sql`WITH want AS (
          SELECT e.company_id, e.work_date AS day, e.user_id, min(e.clock_in) AS first_in,
                 attendance_board_key(e.company_id, e.user_id, e.work_date) AS k
            FROM attendance_entries e WHERE e.company_id = ${companyId} AND e.status <> 'removed'
           GROUP BY 1, 2, 3
        ), counts AS (
          SELECT day, k, attendance_board_minute(first_in) AS m, (hashtext(user_id::text) & 15)::smallint AS s, count(*)::int AS n
            FROM want WHERE k IS NOT NULL GROUP BY 1, 2, 3, 4
        ), have AS (
          SELECT day, schedule_key AS k, in_minute AS m, shard AS s, n FROM attendance_board_counts
           WHERE company_id = ${companyId} AND n <> 0
        ), leave_req AS (
          SELECT q.user_id, g::date AS day,
                 CASE WHEN q.start_date = g::date AND q.start_half THEN 'afternoon'
                      WHEN q.end_date = g::date AND q.end_half THEN 'morning' END AS half
            FROM time_off_requests q CROSS JOIN generate_series(q.start_date, q.end_date, interval '1 day') g
           WHERE q.company_id = ${companyId} AND q.status = 'approved'
        ), leave_want AS (
          SELECT l.user_id, l.day, l.half, attendance_board_key(${companyId}, l.user_id, l.day) AS k,
                 (SELECT w.first_in FROM want w WHERE w.day = l.day AND w.user_id = l.user_id) AS first_in
            FROM (SELECT user_id, day,
                         CASE WHEN bool_or(half IS NULL) OR count(DISTINCT half) = 2 THEN NULL ELSE min(half) END AS half
                    FROM leave_req GROUP BY 1, 2) l
        ), leave_counts AS (
          SELECT day, k, coalesce(attendance_board_minute(first_in), 'infinity') AS m,
                 ((hashtext(user_id::text) >> 8) & 15)::smallint AS s, count(*)::int AS n
            FROM leave_want WHERE k IS NOT NULL AND (first_in IS NULL OR half IS DISTINCT FROM 'afternoon')
           GROUP BY 1, 2, 3, 4
        ), leave_have AS (
          SELECT day, schedule_key AS k, in_minute AS m, shard AS s, n FROM attendance_board_leave_counts
           WHERE company_id = ${companyId} AND n <> 0
        )
        SELECT 'rows' AS kind, count(*)::int AS n FROM want w
          FULL JOIN stats_member_days d ON d.company_id = w.company_id AND d.day = w.day AND d.user_id = w.user_id
         WHERE (d.company_id IS NULL OR d.company_id = ${companyId})
           AND (w.first_in, w.k) IS DISTINCT FROM (d.first_in, d.board_schedule)
        UNION ALL
        SELECT 'counts', count(*)::int FROM counts c FULL JOIN have h USING (day, k, m, s) WHERE c.n IS DISTINCT FROM h.n
        UNION ALL
        SELECT 'leave rows', count(*)::int FROM leave_want w
          FULL JOIN (SELECT * FROM attendance_leave_days WHERE company_id = ${companyId}) d ON d.day = w.day AND d.user_id = w.user_id
         WHERE (w.half, w.k, w.first_in, w.user_id) IS DISTINCT FROM (d.half, d.board_schedule, d.first_in, d.user_id)
        UNION ALL
        SELECT 'leave counts', count(*)::int FROM leave_counts c FULL JOIN leave_have h USING (day, k, m, s) WHERE c.n IS DISTINCT FROM h.n
        UNION ALL
        -- The members per key (migrations 0034, 0042): each enabled member's assignment from its day
        -- to their next one, within the employment (from the start date, up to the day after the end
        -- date), and outside the employment the not-employed key.
        SELECT 'assigned', count(*)::int FROM (
            SELECT t.s, v.d, sum(v.k)::int AS n
              FROM (SELECT x.s, x.f, x.nf FROM (
                      SELECT a.schedule_id AS s, greatest(a.effective_from, e.start_date) AS f,
                             least(lead(a.effective_from) OVER (PARTITION BY a.user_id ORDER BY a.effective_from),
                                   e.end_date + 1) AS nf
                        FROM schedule_assignments a
                        JOIN memberships m ON m.company_id = a.company_id AND m.user_id = a.user_id AND m.enabled
                        LEFT JOIN employees e ON e.company_id = a.company_id AND e.user_id = a.user_id
                       WHERE a.company_id = ${companyId}) x
                     WHERE x.nf IS NULL OR x.f < x.nf
                    UNION ALL
                    SELECT ${NOT_EMPLOYED_KEY}::uuid, '-infinity'::date, e.start_date
                      FROM employees e
                      JOIN memberships m ON m.company_id = e.company_id AND m.user_id = e.user_id AND m.enabled
                     WHERE e.company_id = ${companyId} AND e.start_date IS NOT NULL
                    UNION ALL
                    SELECT ${NOT_EMPLOYED_KEY}::uuid, greatest(e.end_date + 1, e.start_date), NULL
                      FROM employees e
                      JOIN memberships m ON m.company_id = e.company_id AND m.user_id = e.user_id AND m.enabled
                     WHERE e.company_id = ${companyId} AND e.end_date IS NOT NULL) t
             CROSS JOIN LATERAL (VALUES (t.f, 1), (t.nf, -1)) v(d, k)
             WHERE v.d IS NOT NULL GROUP BY 1, 2 HAVING sum(v.k) <> 0) w
          FULL JOIN (SELECT schedule_id AS s, day AS d, n FROM schedule_member_changes
                      WHERE company_id = ${companyId} AND n <> 0) h USING (s, d)
         WHERE w.n IS DISTINCT FROM h.n`,
  );
}

export const NO_DRIFT = [
  { kind: 'rows', n: 0 },
  { kind: 'counts', n: 0 },
  { kind: 'leave rows', n: 0 },
  { kind: 'leave counts', n: 0 },
  { kind: 'assigned', n: 0 },
];
