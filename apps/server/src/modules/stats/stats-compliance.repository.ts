import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../lib/sql';
import { scopeOf } from './stats-days.repository';
import { filtered, peopleCte, type StatsFilter } from './stats.repository';

// Policy and certification figures of Stats as they stood at the ends of an answer's two periods:
// the policies' from the kept series (`seriesFigures`), with the statement over the raw rows they
// are held to (`complianceFigures`); the certifications' from the raw rows (docs/stats.md).

/**
 * The head both statements share: the filter's people (when there is a filter) and `cut`, the
 * instants the two company days end in the company's zone (e1, e2).
 */
const atEnds = (companyId: string, f: StatsFilter, days: [string, string]) =>
  sql`${filtered(f) ? sql`${peopleCte(companyId, f)},` : sql``}
        cut AS (
          SELECT ((${days[0]}::date + 1)::timestamp AT TIME ZONE c.time_zone) AS e1,
                 ((${days[1]}::date + 1)::timestamp AT TIME ZONE c.time_zone) AS e2
            FROM companies c WHERE c.id = ${companyId})`;

/** The version of policy `p` to acknowledge at instant `end`: the latest published by then that needed it, unless archived by then. */
const versionToAcknowledge = (end: SQL) =>
  sql`SELECT v.number, v.published_at FROM policy_versions v
       WHERE v.company_id = p.company_id AND v.policy_id = p.id AND v.state = 'published'
         AND v.requires_ack AND v.published_at < ${end} AND (p.archived_at IS NULL OR p.archived_at >= ${end})
       ORDER BY v.number DESC LIMIT 1`;

/** One policy's figures at an end (the policies with someone assigned then). */
export interface PolicyFigures {
  policy_id: string;
  title: string;
  assigned: number;
  acknowledged: number;
  overdue: number;
}

export interface ComplianceFigures {
  assigned: number;
  acknowledged: number;
  overdue: number;
  /** The same per policy, by id; their sums are the figures above. */
  policies: PolicyFigures[];
}

/** Policies' figures and their sums (the KPI's), the policies without anyone assigned left out. */
export function summed(policies: PolicyFigures[]): ComplianceFigures {
  const out: ComplianceFigures = { assigned: 0, acknowledged: 0, overdue: 0, policies: [] };
  for (const p of policies) {
    if (p.assigned <= 0) continue;
    out.assigned += p.assigned;
    out.acknowledged += p.acknowledged;
    out.overdue += p.overdue;
    out.policies.push(p);
  }
  out.policies.sort((a, b) => (a.policy_id < b.policy_id ? -1 : a.policy_id > b.policy_id ? 1 : 0));
  return out;
}

/** One policy's figures at both ends of an answer, as the statements below return them. */
interface FiguresAtTwoEnds {
  policy_id: string;
  title: string;
  assigned1: number;
  acknowledged1: number;
  overdue1: number;
  assigned2: number;
  acknowledged2: number;
  overdue2: number;
}

/** The figures at each end, summed over the policies (the KPI's). */
function atBothEnds(found: FiguresAtTwoEnds[]): ComplianceFigures[] {
  const at = (i: 1 | 2) =>
    summed(
      found.map((r) => ({
        policy_id: r.policy_id,
        title: r.title,
        assigned: i === 1 ? r.assigned1 : r.assigned2,
        acknowledged: i === 1 ? r.acknowledged1 : r.acknowledged2,
        overdue: i === 1 ? r.overdue1 : r.overdue2,
      })),
    );
  return [at(1), at(2)];
}

/**
 * Policy acknowledgements as they stood at the end of two company days (an answer's period and the
 * one before), in one pass over the members: for each policy not archived by then, the version to
 * acknowledge is the latest published by then that needed it; assigned are the filter's people with
 * an enabled membership made by then, an employment not ended before that day, and in the audience
 * (today's teams and departments);
 * acknowledged by then counts that version or a later one; overdue is not acknowledged past the due
 * date (publication or joining, whichever is later, plus the policy's days).
 *
 * The acknowledgements are grouped once per person and policy (the latest version acknowledged
 * before each end) and joined by hash: probing them per member and per end, as the first version of
 * this statement did, cost 0.5 s a call at 100,000 members with one policy for everyone. They are
 * read from their unique index alone (it includes the instant, migration 0040), and the members'
 * rows are counted per policy id, the title joined after: grouping them by id and title sorted
 * 100,000 rows by a collated text (at 100,000 members and 70,000 acknowledgements, 400 → 170 ms).
 */
export async function complianceFigures(
  tx: Tx,
  companyId: string,
  f: StatsFilter,
  days: [string, string],
): Promise<ComplianceFigures[]> {
  const found = await rows<FiguresAtTwoEnds>(
    tx,
    sql`WITH ${atEnds(companyId, f, days)},
        req AS (
          SELECT p.id AS policy_id, p.title, p.due_days, p.audience_all, p.audience_team_ids, p.audience_department_ids,
                 r1.number AS n1, r1.published_at AS pub1, r2.number AS n2, r2.published_at AS pub2
            FROM policies p CROSS JOIN cut
            LEFT JOIN LATERAL (${versionToAcknowledge(sql`cut.e1`)}) r1 ON true
            LEFT JOIN LATERAL (${versionToAcknowledge(sql`cut.e2`)}) r2 ON true
           WHERE p.company_id = ${companyId} AND (r1.number IS NOT NULL OR r2.number IS NOT NULL)
        ),
        ack AS (
          SELECT a.policy_id, a.user_id,
                 max(a.version_number) FILTER (WHERE a.acknowledged_at < cut.e1) AS v1,
                 max(a.version_number) FILTER (WHERE a.acknowledged_at < cut.e2) AS v2
            FROM policy_acknowledgements a CROSS JOIN cut
           WHERE a.company_id = ${companyId} AND a.policy_id IN (SELECT policy_id FROM req)
             ${filtered(f) ? sql`AND a.user_id IN (SELECT user_id FROM people)` : sql``}
           GROUP BY 1, 2
        ),
        asg AS (
          -- An employment ended before the day has left every audience (as on the Policies screens).
          SELECT r.policy_id,
                 r.n1 IS NOT NULL AND m.created_at < cut.e1 AND NOT coalesce(e_end.end_date < ${days[0]}::date, false) AS in1,
                 r.n2 IS NOT NULL AND m.created_at < cut.e2 AND NOT coalesce(e_end.end_date < ${days[1]}::date, false) AS in2,
                 coalesce(k.v1 >= r.n1, false) AS done1,
                 coalesce(k.v2 >= r.n2, false) AS done2,
                 greatest(r.pub1, m.created_at) + make_interval(days => r.due_days) < cut.e1 AS due1,
                 greatest(r.pub2, m.created_at) + make_interval(days => r.due_days) < cut.e2 AS due2
            FROM req r CROSS JOIN cut
            JOIN memberships m ON m.company_id = ${companyId} AND m.enabled AND m.created_at < greatest(cut.e1, cut.e2)
            ${filtered(f) ? sql`JOIN people pe ON pe.user_id = m.user_id` : sql``}
            LEFT JOIN ack k ON k.policy_id = r.policy_id AND k.user_id = m.user_id
            LEFT JOIN employees e_end ON e_end.company_id = m.company_id AND e_end.user_id = m.user_id
           WHERE r.audience_all
              OR EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = ${companyId} AND tm.user_id = m.user_id AND tm.team_id = ANY (r.audience_team_ids))
              OR EXISTS (SELECT 1 FROM employees e WHERE e.company_id = ${companyId} AND e.user_id = m.user_id AND e.department_id = ANY (r.audience_department_ids))
        ),
        counted AS (
          SELECT policy_id,
                 count(*) FILTER (WHERE in1)::int AS assigned1,
                 count(*) FILTER (WHERE in1 AND done1)::int AS acknowledged1,
                 count(*) FILTER (WHERE in1 AND NOT done1 AND due1)::int AS overdue1,
                 count(*) FILTER (WHERE in2)::int AS assigned2,
                 count(*) FILTER (WHERE in2 AND done2)::int AS acknowledged2,
                 count(*) FILTER (WHERE in2 AND NOT done2 AND due2)::int AS overdue2
            FROM asg GROUP BY policy_id
        )
        SELECT c.*, r.title FROM counted c JOIN req r USING (policy_id)`,
  );
  return atBothEnds(found);
}

/** Certifications valid % at an end: its denominator and numerator. */
export interface CertificationFigures {
  assigned: number;
  valid: number;
}

/**
 * Certifications as they stood on two company days (an answer's period ends), in one pass over the
 * members: every type's audience (the filter's people with an enabled membership made by the end of
 * that day, in the type's audience: everyone, or today's teams and departments), and how many of
 * those held a certificate valid that day (approved, issued on or before it, expiring on or after it;
 * an expiring one is still valid; a submission pending review or refused holds nothing).
 *
 * Not a (type × member) product: a type for everyone assigns the members counted once, and holds
 * what its records say of them; only the types for named teams and departments pair each type with
 * the people of those groups. The records are grouped once per type and person and joined by hash.
 * At 100,000 members with 25 types the product ran past the 5 s statement limit.
 */
export async function certificationFigures(
  tx: Tx,
  companyId: string,
  f: StatsFilter,
  days: [string, string],
): Promise<CertificationFigures[]> {
  const [r] = await rows<{ assigned1: number; valid1: number; assigned2: number; valid2: number }>(
    tx,
    sql`WITH ${atEnds(companyId, f, days)},
        mb AS MATERIALIZED (
          -- An employment ended before the day needs no certificate (as on the Certifications screens).
          SELECT m.user_id,
                 m.created_at < cut.e1 AND NOT coalesce(e.end_date < ${days[0]}::date, false) AS in1,
                 m.created_at < cut.e2 AND NOT coalesce(e.end_date < ${days[1]}::date, false) AS in2
            FROM memberships m CROSS JOIN cut
            LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
            ${filtered(f) ? sql`JOIN people pe ON pe.user_id = m.user_id` : sql``}
           WHERE m.company_id = ${companyId} AND m.enabled AND m.created_at < greatest(cut.e1, cut.e2)),
        types AS MATERIALIZED (
          SELECT id, audience_all, audience_team_ids, audience_department_ids
            FROM certification_types WHERE company_id = ${companyId}),
        held AS MATERIALIZED (
          SELECT rec.type_id, rec.user_id,
                 bool_or(rec.issued_on <= ${days[0]}::date AND rec.expires_on >= ${days[0]}::date) AS v1,
                 bool_or(rec.issued_on <= ${days[1]}::date AND rec.expires_on >= ${days[1]}::date) AS v2
            FROM certification_records rec WHERE rec.company_id = ${companyId} AND rec.status = 'approved'
           GROUP BY 1, 2),
        pairs AS (
          SELECT t.id AS type_id, tm.user_id FROM types t
            JOIN team_members tm ON tm.company_id = ${companyId} AND tm.team_id = ANY (t.audience_team_ids)
           WHERE NOT t.audience_all
          UNION
          SELECT t.id, e.user_id FROM types t
            JOIN employees e ON e.company_id = ${companyId} AND e.department_id = ANY (t.audience_department_ids)
           WHERE NOT t.audience_all),
        named AS (
          SELECT count(*) FILTER (WHERE mb.in1) AS a1, count(*) FILTER (WHERE mb.in1 AND h.v1) AS v1,
                 count(*) FILTER (WHERE mb.in2) AS a2, count(*) FILTER (WHERE mb.in2 AND h.v2) AS v2
            FROM pairs p JOIN mb ON mb.user_id = p.user_id
            LEFT JOIN held h ON h.type_id = p.type_id AND h.user_id = p.user_id),
        everyone AS (
          SELECT (SELECT count(*) FROM types WHERE audience_all) AS n,
                 count(*) FILTER (WHERE in1) AS a1, count(*) FILTER (WHERE in2) AS a2 FROM mb),
        everyone_held AS (
          SELECT count(*) FILTER (WHERE mb.in1 AND h.v1) AS v1, count(*) FILTER (WHERE mb.in2 AND h.v2) AS v2
            FROM held h JOIN types t ON t.id = h.type_id AND t.audience_all
            JOIN mb ON mb.user_id = h.user_id)
        SELECT (everyone.n * everyone.a1 + named.a1)::int AS assigned1, (everyone_held.v1 + named.v1)::int AS valid1,
               (everyone.n * everyone.a2 + named.a2)::int AS assigned2, (everyone_held.v2 + named.v2)::int AS valid2
          FROM everyone, everyone_held, named`,
  );
  return [
    { assigned: r?.assigned1 ?? 0, valid: r?.valid1 ?? 0 },
    { assigned: r?.assigned2 ?? 0, valid: r?.valid2 ?? 0 },
  ];
}

/**
 * The policy figures at the ends of two company days from the kept series (migration 0043, decision
 * 031): per policy, the running sums of the filter's scope's changes up to each day. Reads a row per
 * policy and day on which something changed in that scope, never a row per person; equal to
 * `complianceFigures` at every day (the Stats property test and compliance-figures.test hold them
 * together).
 */
export async function seriesFigures(
  tx: Tx,
  companyId: string,
  f: StatsFilter,
  days: [string, string],
): Promise<ComplianceFigures[]> {
  const found = await rows<FiguresAtTwoEnds>(
    tx,
    sql`SELECT x.policy_id, p.title,
               coalesce(sum(x.assigned) FILTER (WHERE x.day <= ${days[0]}::date), 0)::int AS assigned1,
               coalesce(sum(x.acknowledged) FILTER (WHERE x.day <= ${days[0]}::date), 0)::int AS acknowledged1,
               coalesce(sum(x.overdue) FILTER (WHERE x.day <= ${days[0]}::date), 0)::int AS overdue1,
               coalesce(sum(x.assigned) FILTER (WHERE x.day <= ${days[1]}::date), 0)::int AS assigned2,
               coalesce(sum(x.acknowledged) FILTER (WHERE x.day <= ${days[1]}::date), 0)::int AS acknowledged2,
               coalesce(sum(x.overdue) FILTER (WHERE x.day <= ${days[1]}::date), 0)::int AS overdue2
          FROM stats_scope_policy_changes x
          JOIN policies p ON p.company_id = ${companyId} AND p.id = x.policy_id
         WHERE x.company_id = ${companyId} AND x.scope_id = ${scopeOf(f)}
           AND x.day <= greatest(${days[0]}::date, ${days[1]}::date)
         GROUP BY x.policy_id, p.title`,
  );
  return atBothEnds(found);
}

/**
 * One part of a policy-wide refresh of the series (migration 0045): the next `n` members after `after`
 * (in id order) re-derived for the policies; the last of them, or null once nobody is left.
 */
export async function refreshPolicyPart(tx: Tx, companyId: string, policyIds: string[], after: string, n: number) {
  const [r] = await rows<{ last: string | null }>(
    tx,
    sql`SELECT stats_policy_refresh_part(${companyId}, ${`{${policyIds.join(',')}}`}::uuid[], ${after}::uuid, ${n}::int) AS last`,
  );
  return r?.last ?? null;
}
