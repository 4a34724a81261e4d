import { addDays, zonedInstant } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../lib/sql';
import type { ComplianceFigures } from './stats-compliance.repository';
import * as pointInTime from './stats-compliance.repository';
import { type CompanyClock, filtered, type StatsFilter } from './stats.repository';

/**
 * Policy figures at the ends of an answer's two periods without a pass over the members per answer
 * (docs/stats.md, "How the compliance figures are read"):
 * - an end already past (by five minutes: a transaction still open may write an acknowledgement
 *   stamped before it) is computed once and kept by this process under the company's count of
 *   changes that could move it (`stats_epochs`, bumped by triggers, migration 0035), so it is
 *   computed again only after such a change;
 * - an end still ahead (today's) is read from what the Policies screens keep (decision 022): the
 *   counters for the whole company, the audience rows of its people for a team or a department;
 *   they count the same people by the same rule now;
 * - anything else (an end just past, or one the kept rows cannot answer) is the one statement over
 *   the members.
 */
const kept = new Map<string, ComplianceFigures>();
/** How many answers needed the statement over the members (the tests read it). */
export const complianceWork = { statements: 0 };
const KEPT_MAX = 5_000;
const running = new Map<string, Promise<ComplianceFigures[]>>();
const SETTLED_MS = 5 * 60_000;

export async function complianceAt(
  tx: Tx,
  companyId: string,
  f: StatsFilter,
  days: [string, string],
  clock: CompanyClock,
): Promise<ComplianceFigures[]> {
  const now = Date.now();
  const key = (day: string) => `${companyId}|${f.team ?? ''}|${f.department ?? ''}|${day}|${clock.compliance_epoch}`;
  const end = (day: string) => zonedInstant(addDays(day, 1), '00:00', clock.time_zone).getTime();
  const past = (day: string) => end(day) + SETTLED_MS < now;
  const found = days.map((d) => (past(d) ? kept.get(key(d)) : undefined));
  for (const [i, d] of days.entries()) {
    if (found[i] || end(d) <= now) continue;
    found[i] = (await liveFigures(tx, companyId, d, f)) ?? undefined;
  }
  if (found.every(Boolean)) return found as ComplianceFigures[];
  // Callers missing the same past ends at once share one statement (a cold screen opened by many).
  const shared = days.every((d, i) => found[i] || past(d)) ? `${key(days[0])}|${days[1]}` : null;
  let run = shared ? running.get(shared) : undefined;
  if (!run) {
    complianceWork.statements++;
    run = pointInTime.complianceFigures(tx, companyId, f, days);
    if (shared) {
      running.set(shared, run);
      void run.finally(() => running.delete(shared)).catch(() => {});
    }
  }
  const computed = await run;
  for (const [i, d] of days.entries()) {
    if (!past(d) || found[i]) continue;
    if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value as string);
    kept.set(key(d), computed[i]!);
  }
  return days.map((_, i) => found[i] ?? computed[i]!);
}

/** Forgets every kept figure (tests that rewrite history behind the triggers' back). */
export function forgetKeptFigures() {
  kept.clear();
}

/** The filter's people today, read from the team's or the department's own rows (not every membership). */
const filterPeople = (companyId: string, f: StatsFilter) =>
  f.team
    ? sql`SELECT tm.user_id FROM team_members tm WHERE tm.team_id = ${f.team} AND tm.company_id = ${companyId}
          ${f.department ? sql`AND EXISTS (SELECT 1 FROM employees e WHERE e.company_id = ${companyId} AND e.user_id = tm.user_id AND e.department_id = ${f.department})` : sql``}`
    : sql`SELECT e.user_id FROM employees e WHERE e.company_id = ${companyId} AND e.department_id = ${f.department ?? null}`;

/**
 * The figures at the end of `day` (today or later) from what the Policies screens keep (decision
 * 022): per policy not archived with a version to acknowledge, its audience now (`policy_assignees`:
 * enabled members in it, with the membership's start and the highest version acknowledged). For the
 * whole company the counters answer (assigned, acknowledged, outstanding per due instant); for a team
 * or a department, the audience rows of its people. Null where these cannot answer for that instant:
 * a membership made or a version published at or after it (they already hold them; the statement
 * does not).
 */
async function liveFigures(tx: Tx, companyId: string, day: string, f: StatsFilter): Promise<ComplianceFigures | null> {
  const figures = filtered(f)
    ? sql`SELECT count(*)::int AS assigned,
                 count(*) FILTER (WHERE pa.acked_number >= l.ack_number)::int AS acknowledged,
                 count(*) FILTER (WHERE pa.acked_number < l.ack_number
                                    AND greatest(l.ack_published_at, pa.joined_at) + make_interval(days => l.due_days) < cut.e)::int AS overdue
            FROM live l CROSS JOIN (${filterPeople(companyId, f)}) fp
            -- A probe per person (the planner would rather read the whole audience for a hash join).
            CROSS JOIN LATERAL (SELECT a.acked_number, a.joined_at FROM policy_assignees a
                                 WHERE a.company_id = ${companyId} AND a.policy_id = l.id AND a.user_id = fp.user_id
                                 LIMIT 1) pa`
    : sql`SELECT (SELECT coalesce(sum(pc.assigned), 0) FROM policy_counts pc
                   WHERE pc.company_id = ${companyId} AND pc.policy_id IN (SELECT id FROM live))::int AS assigned,
                 (SELECT coalesce(sum(pc.acknowledged), 0) FROM policy_counts pc
                   WHERE pc.company_id = ${companyId} AND pc.policy_id IN (SELECT id FROM live))::int AS acknowledged,
                 (SELECT coalesce(sum(d.n), 0) FROM policy_due_counts d
                   WHERE d.company_id = ${companyId} AND d.policy_id IN (SELECT id FROM live) AND d.due_at < cut.e)::int AS overdue`;
  const [r] = await rows<{ ok: boolean; assigned: number; acknowledged: number; overdue: number }>(
    tx,
    sql`WITH cut AS (
          SELECT ((${day}::date + 1)::timestamp AT TIME ZONE c.time_zone) AS e FROM companies c WHERE c.id = ${companyId}
        ), live AS (
          SELECT p.id, p.ack_number, p.ack_published_at, p.due_days FROM policies p
           WHERE p.company_id = ${companyId} AND p.archived_at IS NULL AND p.ack_number IS NOT NULL
        )
        SELECT NOT EXISTS (SELECT 1 FROM (SELECT m.created_at FROM memberships m WHERE m.company_id = ${companyId}
                                           ORDER BY m.created_at DESC LIMIT 1) latest
                            WHERE latest.created_at >= cut.e)
               AND NOT EXISTS (SELECT 1 FROM policy_versions v WHERE v.company_id = ${companyId}
                                  AND v.state = 'published' AND v.published_at >= cut.e) AS ok,
               x.assigned, x.acknowledged, x.overdue
          FROM cut CROSS JOIN LATERAL (${figures}) x`,
  );
  return r?.ok ? { assigned: r.assigned, acknowledged: r.acknowledged, overdue: r.overdue } : null;
}
