import { STATS_MAX_POLICIES } from '@wac/shared/schemas/stats';
import type { Tx } from '../../db/client';
import type { ComplianceFigures, PolicyFigures } from './stats-compliance.repository';
import * as pointInTime from './stats-compliance.repository';
import type { StatsFilter } from './stats.repository';

/**
 * Policy figures at the ends of an answer's two periods (decision 031; docs/stats.md, "How the
 * figures are kept"): the running sums of the scope's kept changes up to each end, one read of a row
 * per policy and day on which something changed, whether the end is past or still ahead. A cold
 * answer costs what a warm one does: nothing is computed over the members per answer or per process.
 */
export function complianceAt(
  tx: Tx,
  companyId: string,
  f: StatsFilter,
  days: [string, string],
): Promise<ComplianceFigures[]> {
  return pointInTime.seriesFigures(tx, companyId, f, days);
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
