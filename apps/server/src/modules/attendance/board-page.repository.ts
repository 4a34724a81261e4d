import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { containsPattern, countUpTo, intLiteral, rows, uuidArray } from '../../lib/sql';
import {
  type BoardDay,
  type BoardKeyCounts,
  boardKeyCountsStatement,
  type JudgedRow,
  judgedStatement,
  membersByName,
} from './board.repository';
import { together } from './timesheets.repository';

/** What the day board shows of the people of a page, and who a filter keeps (the judging is in `board.repository`). */

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
    sql`page AS MATERIALIZED (${judgedStatement(companyId, d, membersByName(companyId, offset, limit))})`,
    { prepared: true },
  );
}

/**
 * The candidates (a statement of `user_id`s: a filter's members, the people on leave, those who
 * clocked in) judged in one statement: their counts per status, the page of the asked status (or of
 * everyone) in name order and what it shows. Only the counts and the page leave the database, not a
 * row per candidate (3,348 people on leave or a department of 5,000 at 100,000 members).
 */
export async function judgedCountsAndPage(
  tx: Tx,
  companyId: string,
  d: BoardDay,
  candidates: SQL,
  status: string | null,
  offset: number,
  limit: number,
) {
  return together<{
    counts: Array<{ status: JudgedRow['status']; n: number }>;
    page: JudgedRow[];
    details: PageDetailRow[];
  }>(
    tx,
    {
      counts: sql`SELECT status, count(*)::int AS n FROM judged GROUP BY status`,
      page: sql`SELECT * FROM page ORDER BY sort_name, user_id`,
      details: pageDetailsStatement(companyId, d.date, sql`u.id IN (SELECT user_id FROM page)`),
    },
    sql`judged AS MATERIALIZED (${judgedStatement(companyId, d, candidates)}),
        page AS MATERIALIZED (SELECT * FROM judged WHERE ${status}::text IS NULL OR status = ${status}::text
                               ORDER BY sort_name, user_id LIMIT ${intLiteral(limit)} OFFSET ${intLiteral(offset)})`,
  );
}

/**
 * The people a team, department or search filter keeps (each filter narrows the one before), read
 * from the first filter's own index: a team's members, a department's records, the search's
 * matches. Whether they are enabled members is `judgedStatement`'s join; nothing here scans the
 * company's memberships.
 */
export const filteredMembers = (companyId: string, f: { team?: string; department?: string; search?: string }) => {
  const sources: Array<{ from: SQL; has: SQL }> = [];
  if (f.team)
    sources.push({
      from: sql`SELECT tm.user_id FROM team_members tm WHERE tm.team_id = ${f.team}`,
      has: sql`EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = ${f.team} AND tm.user_id = x.user_id)`,
    });
  if (f.department)
    sources.push({
      from: sql`SELECT e.user_id FROM employees e WHERE e.company_id = ${companyId} AND e.department_id = ${f.department}`,
      has: sql`EXISTS (SELECT 1 FROM employees e WHERE e.company_id = ${companyId} AND e.user_id = x.user_id AND e.department_id = ${f.department})`,
    });
  if (f.search) {
    // Three letters or more reach member_search's trigram index (decision 007); shorter ones scan.
    const like = containsPattern(f.search);
    const from = /[\p{L}\p{N}]{3}/u.test(f.search)
      ? sql`SELECT m.user_id FROM memberships m WHERE m.id IN (SELECT member_search_ids(${companyId}::uuid, ${like}))`
      : sql`SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
             WHERE m.company_id = ${companyId} AND lower(u.first_name || ' ' || u.last_name || ' ' || u.email) LIKE ${like}`;
    sources.push({ from, has: sql`x.user_id IN (${from})` });
  }
  const [first, ...rest] = sources;
  if (!first) throw new Error('filteredMembers needs a filter');
  return rest.length
    ? sql`SELECT x.user_id FROM (${first.from}) x WHERE ${sql.join(
        rest.map((r) => r.has),
        sql` AND `,
      )}`
    : first.from;
};

/** Whether `candidates` yields more than `max` people (counted no further than `max` + 1). */
export async function moreThan(tx: Tx, candidates: SQL, max: number) {
  return (await countUpTo(tx, sql`(${candidates}) c`, max)).more;
}
