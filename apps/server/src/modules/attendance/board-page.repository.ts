import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows, uuidArray } from '../../lib/sql';
import {
  type BoardDay,
  type BoardKeyCounts,
  boardKeyCountsStatement,
  type JudgedRow,
  judgedStatement,
  membersByName,
} from './board.repository';
import { together } from './timesheets.repository';

/** What the day board shows of the people of a page (the judging is in `board.repository`). */

export interface PageDetailRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  last_out: Date | string | null;
  open: boolean;
  worked_seconds: number;
  leave_type: string | null;
  leave_color: string | null;
}

/**
 * What a page shows of each of its people: name, email, last clock-out, whether in, worked time, and
 * the name of the day's leave if any (a whole-day request's, else the morning's, as the reference
 * statement orders them) — looked up for the page's people only.
 */
export function pageDetails(tx: Tx, companyId: string, date: string, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([] as PageDetailRow[]);
  return rows<PageDetailRow>(tx, pageDetailsStatement(companyId, date, sql`u.id = ANY(${uuidArray(userIds)})`));
}

/** The statement of `pageDetails`, for the people `who` keeps (a condition on `u.id`). */
export function pageDetailsStatement(companyId: string, date: string, who: SQL) {
  return sql`SELECT u.id AS user_id, u.first_name, u.last_name, u.email, d.last_out, coalesce(d.open, false) AS open,
                  coalesce(d.worked_seconds, 0)::int AS worked_seconds, lt.name AS leave_type, lt.color AS leave_color
             FROM users u
             LEFT JOIN LATERAL (SELECT t.name, t.color FROM time_off_requests r
                                  JOIN time_off_types t ON t.company_id = r.company_id AND t.id = r.type_id
                                 WHERE r.company_id = ${companyId} AND r.user_id = u.id AND r.status = 'approved'
                                   AND r.start_date <= ${date}::date AND r.end_date >= ${date}::date
                                 ORDER BY CASE WHEN r.start_date = ${date}::date AND r.start_half THEN 2
                                               WHEN r.end_date = ${date}::date AND r.end_half THEN 1 ELSE 0 END, t.name
                                 LIMIT 1) lt ON true
             LEFT JOIN LATERAL (
               SELECT max(clock_out) AS last_out, bool_or(status = 'open') AS open,
                      sum(extract(epoch FROM coalesce(clock_out, now()) - clock_in))::bigint AS worked_seconds
                 FROM attendance_entries
                WHERE company_id = ${companyId} AND user_id = u.id AND work_date = ${date}::date AND status <> 'removed') d ON true
            WHERE ${who}`;
}

/**
 * The board's first screen, the most opened: the whole company's counts, one page of everyone in
 * name order, judged, and what it shows of each, in one statement prepared by name, its plan kept
 * (it reads maintained counts and one page of people by key, whatever the day: a generic plan
 * serves). Planning it was most of its cost: 4 ms a call, running it 3 ms.
 */
export function countsAndPage(tx: Tx, companyId: string, d: BoardDay, offset: number, limit: number) {
  return together<{ counts: BoardKeyCounts[]; page: JudgedRow[]; details: PageDetailRow[] }>(
    tx,
    {
      counts: boardKeyCountsStatement(companyId, d),
      page: sql`SELECT * FROM page ORDER BY sort_name, user_id`,
      details: pageDetailsStatement(companyId, d.date, sql`u.id IN (SELECT user_id FROM page)`),
    },
    sql`page AS MATERIALIZED (${judgedStatement(companyId, d, membersByName(companyId, offset, limit), null)})`,
    { prepared: true },
  );
}
