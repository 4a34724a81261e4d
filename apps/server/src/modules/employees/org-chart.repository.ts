import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { employedOn, intLiteral, rows } from '../../db/sql';
import { current } from './employees.repository';

export interface OrgRow {
  user_id: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  job_title: string | null;
  department_id: string | null;
  department_name: string | null;
  department_color: string | null;
  report_count: number;
}

/**
 * The current reports of the people of `set` (a CTE with a user_id column), in one grouped statement:
 * the planner scans the records once or probes the manager index per person, whichever the statistics
 * favour. Each report's membership is read in the FILTER, after the join, so only the reports of
 * those people are looked up.
 */
const pageReportCounts = (companyId: string, today: string, set: SQL) =>
  sql`SELECT r.manager_user_id, count(*) FILTER (WHERE (SELECT rm.enabled FROM memberships rm
                                                          WHERE rm.company_id = r.company_id AND rm.user_id = r.user_id))::int AS n
        FROM employees r
       WHERE r.company_id = ${companyId} AND r.manager_user_id IN (SELECT user_id FROM ${set})
         AND ${employedOn('r', today)}
       GROUP BY r.manager_user_id`;

const nodeCols = (reports: SQL) => sql`p.user_id, u.first_name, u.last_name, u.avatar, p.job_title,
  d.id AS department_id, d.name AS department_name, d.color AS department_color, ${reports} AS report_count`;

/**
 * One level of the chart: the current direct reports of a manager, or (no manager) the current people
 * whose manager is none or no longer current. People without a record yet are at the top too.
 */
export async function level(
  tx: Tx,
  companyId: string,
  today: string,
  managerId: string | null,
  limit: number,
  offset = 0,
) {
  const page = sql`LIMIT ${intLiteral(limit + 1)} OFFSET ${intLiteral(offset)}`;
  if (managerId) {
    // The page reads the manager's reports and looks each one's membership up by key (the lateral
    // sub-select with OFFSET 0 is not flattened into a join): joined, the generic plan either walked
    // every member in name order looking for the reports (1.7 s at 100,000 members) or hash-joined
    // every membership (125 ms), depending on the statistics of the day; looked up, it costs one
    // probe per report (999 in the bench: 3 ms), whatever the statistics say.
    // Then the report counts of its people in one grouped statement: a scalar count per
    // person was planned from the company's statistics, and where one manager has most of the records
    // (the bench: 999 of 1,000) that plan scanned every record for each of the 201 people, 16 of the
    // statement's 18 ms. Grouped, the planner scans the records once or probes the manager index per
    // person, whichever the statistics favour (2.2 ms there; 6 ms, most of it the page's sort, where
    // 100,000 people have records in a tree of eight reports each). The membership of each report is
    // read in the count's FILTER, after the join, so only reports of the page's people are looked up.
    // The page walks the manager's reports in the record's copy of the name (migration 0037's index)
    // and stops after it: 0.65 ms for the first 100 of 999 reports, where reading and sorting them all
    // took 2 ms.
    return rows<OrgRow>(
      tx,
      sql`WITH page AS (
            SELECT p.company_id, p.user_id, p.job_title, p.department_id, p.sort_name
              FROM employees p CROSS JOIN LATERAL (
                     SELECT 1 FROM memberships pm
                      WHERE pm.company_id = p.company_id AND pm.user_id = p.user_id AND pm.enabled OFFSET 0) pm
             WHERE p.company_id = ${companyId} AND p.manager_user_id = ${managerId}
               AND ${employedOn('p', today)}
             ORDER BY p.sort_name, p.user_id ${page}),
          counts AS (${pageReportCounts(companyId, today, sql`page`)})
          SELECT ${nodeCols(sql`coalesce(c.n, 0)`)}
            FROM page p JOIN users u ON u.id = p.user_id LEFT JOIN departments d ON d.id = p.department_id
            LEFT JOIN counts c ON c.manager_user_id = p.user_id
           ORDER BY p.sort_name, p.user_id`,
    );
  }
  // The top: the current people without a current manager, those with reports first (most reports
  // first), then everyone else by name. Found from the few who can be there instead of judging every
  // member (1.1 s at 100,000 people who all have a record): records without a manager, records whose
  // manager has gone (disabled, or employment ended: a manager is always a member, migration 0029),
  // and members without a record (kept by triggers in employee_record_gaps, migration 0030).
  const gone = sql`SELECT g.user_id FROM memberships g WHERE g.company_id = ${companyId} AND NOT g.enabled
                   UNION ALL
                   SELECT g.user_id FROM employees g
                    WHERE g.company_id = ${companyId} AND g.end_date IS NOT NULL AND g.end_date < ${today}::date`;
  return rows<OrgRow>(
    tx,
    sql`WITH candidates AS (
          SELECT e.user_id FROM employees e WHERE e.company_id = ${companyId} AND e.manager_user_id IS NULL
          UNION ALL
          SELECT e.user_id FROM employees e WHERE e.company_id = ${companyId} AND e.manager_user_id IN (${gone})
          UNION ALL
          SELECT g.user_id FROM employee_record_gaps g WHERE g.company_id = ${companyId}),
        top AS (
          SELECT m.company_id, m.user_id, m.sort_name, e.job_title, e.department_id
            FROM candidates c JOIN memberships m ON m.company_id = ${companyId} AND m.user_id = c.user_id
            LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
           WHERE ${current('e', 'm', today)}),
        counts AS (${pageReportCounts(companyId, today, sql`top`)}),
        page AS (
          SELECT t.*, coalesce(c.n, 0) AS n FROM top t LEFT JOIN counts c ON c.manager_user_id = t.user_id
           ORDER BY n DESC, t.sort_name, t.user_id ${page})
        SELECT ${nodeCols(sql`p.n`)}
          FROM page p JOIN users u ON u.id = p.user_id LEFT JOIN departments d ON d.id = p.department_id
         ORDER BY p.n DESC, p.sort_name, p.user_id`,
  );
}

/** The chain above a current person, from the top down to the person; empty for an unknown or ended one. */
export async function path(tx: Tx, companyId: string, today: string, userId: string) {
  return rows<OrgRow>(
    tx,
    sql`WITH RECURSIVE up(user_id, depth) AS (
          SELECT m.user_id, 0 FROM memberships m LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
           WHERE m.company_id = ${companyId} AND m.user_id = ${userId} AND ${current('e', 'm', today)}
          UNION ALL
          SELECT e.manager_user_id, up.depth + 1 FROM up
            JOIN employees e ON e.company_id = ${companyId} AND e.user_id = up.user_id
            JOIN memberships mm ON mm.company_id = ${companyId} AND mm.user_id = e.manager_user_id
            LEFT JOIN employees me ON me.company_id = mm.company_id AND me.user_id = mm.user_id
           WHERE ${current('me', 'mm', today)} AND up.depth < 10000
        ) CYCLE user_id SET looped USING trail
        , counts AS (${pageReportCounts(companyId, today, sql`up`)})
        SELECT ${nodeCols(sql`coalesce(c.n, 0)`)}, up.depth
          FROM up JOIN (SELECT m.company_id, m.user_id, e.job_title, e.department_id
                          FROM memberships m LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
                         WHERE m.company_id = ${companyId}) p ON p.user_id = up.user_id
          JOIN users u ON u.id = p.user_id LEFT JOIN departments d ON d.id = p.department_id
          LEFT JOIN counts c ON c.manager_user_id = up.user_id
         WHERE NOT up.looped
         ORDER BY up.depth DESC`,
  );
}
