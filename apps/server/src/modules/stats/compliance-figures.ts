import { STATS_MAX_POLICIES } from '@wac/shared/schemas/stats';
import type { PolicyFigures } from './stats-compliance.repository';

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
