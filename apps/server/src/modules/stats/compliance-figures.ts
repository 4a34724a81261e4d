import { STATS_MAX_POLICIES } from '@wac/shared/schemas/stats';
import { addDays, zonedInstant } from '@wac/shared/zoned-time';
import type { Tx } from '../../db/client';
import { keepBounded, sharedRun } from '../../lib/kept';
import type { ComplianceFigures, PolicyFigures } from './stats-compliance.repository';
import * as pointInTime from './stats-compliance.repository';
import { type CompanyClock, filtered, type StatsFilter } from './stats.repository';

/**
 * Policy figures at the ends of an answer's two periods without a pass over the members per answer
 * (decision 028; docs/stats.md, "How the figures are kept"):
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
/** Today's figures of a team or a department, under the counts that move them (see below). */
const live = new Map<string, ComplianceFigures>();
/** How many answers needed the statement over the members, or a filter's probes for today (the tests read them). */
export const complianceWork = { statements: 0, liveProbes: 0 };
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
    // A team's or a department's today probes each of its people's audience rows (a department of
    // 5,000: 45 ms). Those figures move only with a change the compliance count sees or with an
    // acknowledgement that counts, so they are kept under both (and the zone that places the end).
    const liveKey = filtered(f) ? `${key(d)}|${clock.acknowledged}|${clock.time_zone}` : null;
    const hit = liveKey ? live.get(liveKey) : undefined;
    if (hit) {
      found[i] = hit;
      continue;
    }
    if (liveKey) complianceWork.liveProbes++;
    const figures = await pointInTime.liveFigures(tx, companyId, d, f);
    if (liveKey && figures) {
      keepBounded(live, KEPT_MAX, liveKey, figures);
    }
    found[i] = figures ?? undefined;
  }
  if (found.every(Boolean)) return found as ComplianceFigures[];
  // Callers missing the same past ends at once share one statement (a cold screen opened by many).
  const shared = days.every((d, i) => found[i] || past(d)) ? `${key(days[0])}|${days[1]}` : null;
  const compute = () => {
    complianceWork.statements++;
    return pointInTime.complianceFigures(tx, companyId, f, days);
  };
  const computed = await (shared ? sharedRun(running, shared, compute) : compute());
  for (const [i, d] of days.entries()) {
    if (!past(d) || found[i]) continue;
    keepBounded(kept, KEPT_MAX, key(d), computed[i]!);
  }
  return days.map((_, i) => found[i] ?? computed[i]!);
}

/** "Completion by policy": the least complete first (then by title), at most STATS_MAX_POLICIES. */
export function completionByPolicy(policies: PolicyFigures[]) {
  return policies
    .map((p) => ({
      policyUuid: p.policy_id,
      title: p.title,
      assigned: p.assigned,
      acknowledged: p.acknowledged,
      overdue: p.overdue,
      completion: p.assigned > 0 ? (p.acknowledged / p.assigned) * 100 : null,
    }))
    .sort(
      (a, b) =>
        (a.completion ?? 0) - (b.completion ?? 0) ||
        a.title.localeCompare(b.title) ||
        (a.policyUuid < b.policyUuid ? -1 : 1),
    )
    .slice(0, STATS_MAX_POLICIES);
}
