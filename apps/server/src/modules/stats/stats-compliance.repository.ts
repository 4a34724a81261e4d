import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../lib/sql';
import { dateArray, filtered, peopleCte, type StatsFilter } from './stats.repository';

// Policy and certification figures of Stats as they stood at the ends of an answer's two periods,
// from the raw rows (not kept as a series): docs/stats.md, "Limits known".

export interface ComplianceFigures {
  assigned: number;
  acknowledged: number;
  overdue: number;
}

/**
 * Policy acknowledgements as they stood at the end of two company days (an answer's period and the
 * one before), in one pass over the members: for each policy not archived by then, the version to
 * acknowledge is the latest published by then that needed it; assigned are the filter's people with
 * an enabled membership made by then and in the audience (today's teams and departments);
 * acknowledged by then counts that version or a later one; overdue is not acknowledged past the due
 * date (publication or joining, whichever is later, plus the policy's days).
 *
 * The acknowledgements are grouped once per person and policy (the latest version acknowledged
 * before each end) and joined by hash: probing them per member and per end, as the first version of
 * this statement did, cost 0.5 s a call at 100,000 members with one policy for everyone.
 */
export async function complianceFigures(tx: Tx, companyId: string, f: StatsFilter, days: [string, string]) {
  const [r] = await rows<{
    assigned1: number;
    acknowledged1: number;
    overdue1: number;
    assigned2: number;
    acknowledged2: number;
    overdue2: number;
  }>(
    tx,
    sql`WITH ${filtered(f) ? sql`${peopleCte(companyId, f)},` : sql``}
        cut AS (
          SELECT ((${days[0]}::date + 1)::timestamp AT TIME ZONE c.time_zone) AS e1,
                 ((${days[1]}::date + 1)::timestamp AT TIME ZONE c.time_zone) AS e2
            FROM companies c WHERE c.id = ${companyId}),
        req AS (
          SELECT p.id AS policy_id, p.due_days, p.audience_all, p.audience_team_ids, p.audience_department_ids,
                 r1.number AS n1, r1.published_at AS pub1, r2.number AS n2, r2.published_at AS pub2
            FROM policies p CROSS JOIN cut
            LEFT JOIN LATERAL (
              SELECT v.number, v.published_at FROM policy_versions v
               WHERE v.company_id = p.company_id AND v.policy_id = p.id AND v.state = 'published'
                 AND v.requires_ack AND v.published_at < cut.e1 AND (p.archived_at IS NULL OR p.archived_at >= cut.e1)
               ORDER BY v.number DESC LIMIT 1) r1 ON true
            LEFT JOIN LATERAL (
              SELECT v.number, v.published_at FROM policy_versions v
               WHERE v.company_id = p.company_id AND v.policy_id = p.id AND v.state = 'published'
                 AND v.requires_ack AND v.published_at < cut.e2 AND (p.archived_at IS NULL OR p.archived_at >= cut.e2)
               ORDER BY v.number DESC LIMIT 1) r2 ON true
           WHERE p.company_id = ${companyId} AND (r1.number IS NOT NULL OR r2.number IS NOT NULL)
        ),
        ack AS (
          SELECT a.policy_id, a.user_id,
                 max(a.version_number) FILTER (WHERE a.acknowledged_at < cut.e1) AS v1,
                 max(a.version_number) FILTER (WHERE a.acknowledged_at < cut.e2) AS v2
            FROM policy_acknowledgements a CROSS JOIN cut
           WHERE a.company_id = ${companyId} AND a.policy_id IN (SELECT policy_id FROM req)
           GROUP BY 1, 2
        ),
        asg AS (
          SELECT r.n1 IS NOT NULL AND m.created_at < cut.e1 AS in1,
                 r.n2 IS NOT NULL AND m.created_at < cut.e2 AS in2,
                 coalesce(k.v1 >= r.n1, false) AS done1,
                 coalesce(k.v2 >= r.n2, false) AS done2,
                 greatest(r.pub1, m.created_at) + make_interval(days => r.due_days) < cut.e1 AS due1,
                 greatest(r.pub2, m.created_at) + make_interval(days => r.due_days) < cut.e2 AS due2
            FROM req r CROSS JOIN cut
            JOIN memberships m ON m.company_id = ${companyId} AND m.enabled AND m.created_at < greatest(cut.e1, cut.e2)
            ${filtered(f) ? sql`JOIN people pe ON pe.user_id = m.user_id` : sql``}
            LEFT JOIN ack k ON k.policy_id = r.policy_id AND k.user_id = m.user_id
           WHERE r.audience_all
              OR EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = ${companyId} AND tm.user_id = m.user_id AND tm.team_id = ANY (r.audience_team_ids))
              OR EXISTS (SELECT 1 FROM employees e WHERE e.company_id = ${companyId} AND e.user_id = m.user_id AND e.department_id = ANY (r.audience_department_ids))
        )
        SELECT count(*) FILTER (WHERE in1)::int AS assigned1,
               count(*) FILTER (WHERE in1 AND done1)::int AS acknowledged1,
               count(*) FILTER (WHERE in1 AND NOT done1 AND due1)::int AS overdue1,
               count(*) FILTER (WHERE in2)::int AS assigned2,
               count(*) FILTER (WHERE in2 AND done2)::int AS acknowledged2,
               count(*) FILTER (WHERE in2 AND NOT done2 AND due2)::int AS overdue2
          FROM asg`,
  );
  return [
    { assigned: r?.assigned1 ?? 0, acknowledged: r?.acknowledged1 ?? 0, overdue: r?.overdue1 ?? 0 },
    { assigned: r?.assigned2 ?? 0, acknowledged: r?.acknowledged2 ?? 0, overdue: r?.overdue2 ?? 0 },
  ] satisfies ComplianceFigures[];
}

/**
 * Certifications as they stood on each of these company days (one statement, in the order given):
 * every type's audience (the filter's people with an
 * enabled membership made by the end of that day, in the type's audience: everyone, or today's teams
 * and departments), and how many of those held a certificate valid that day (issued on or before it,
 * expiring on or after it; an expiring one is still valid).
 */
export async function certificationFigures(tx: Tx, companyId: string, f: StatsFilter, days: string[]) {
  const r = await rows<{ day: string; assigned: number; valid: number }>(
    tx,
    sql`WITH ${filtered(f) ? sql`${peopleCte(companyId, f)},` : sql``}
        cutoff AS (
          SELECT d.day, ((d.day + 1)::timestamp AT TIME ZONE c.time_zone) AS e
            FROM companies c CROSS JOIN unnest(${dateArray(days)}::date[]) AS d(day) WHERE c.id = ${companyId}),
        asg AS (
          SELECT co.day,
                 EXISTS (SELECT 1 FROM certification_records rec
                          WHERE rec.company_id = ${companyId} AND rec.type_id = ct.id AND rec.user_id = m.user_id
                            AND rec.issued_on <= co.day AND rec.expires_on >= co.day) AS valid
            FROM certification_types ct CROSS JOIN cutoff co
            JOIN memberships m ON m.company_id = ${companyId} AND m.enabled AND m.created_at < co.e
            ${filtered(f) ? sql`JOIN people pe ON pe.user_id = m.user_id` : sql``}
           WHERE ct.company_id = ${companyId}
             AND (ct.audience_all
              OR EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = ${companyId} AND tm.user_id = m.user_id AND tm.team_id = ANY (ct.audience_team_ids))
              OR EXISTS (SELECT 1 FROM employees e WHERE e.company_id = ${companyId} AND e.user_id = m.user_id AND e.department_id = ANY (ct.audience_department_ids)))
        )
        SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS assigned, count(*) FILTER (WHERE valid)::int AS valid
          FROM asg GROUP BY day`,
  );
  const byDay = new Map(r.map(({ day, ...x }) => [day, x]));
  return days.map((d) => byDay.get(d) ?? { assigned: 0, valid: 0 });
}
