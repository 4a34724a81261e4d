import { createCtx, forCompany, type Infra } from '../../lib/context';
import type { RunningJob } from '../../lib/jobs/types';
import * as pointInTime from './stats-compliance.repository';

// Stats' policy series re-derived for everyone, for a policy, in a large company: the durable job
// migration 0045 enqueues (decision 031, amended).
export const POLICY_SERIES_JOB = 'stats.policy_series';

/**
 * People a part of the job re-derives in one transaction: ~0.1 ms each at 100,000 members, so a
 * person's own refresh (an acknowledgement, a member change) waits for one part at most (≤ 0.4 s
 * measured beside ten callers, bench/RESULTS.md).
 */
export const POLICY_SERIES_PART = 2000;

export interface PolicySeriesJob {
  payload: { policyIds: string[] };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A policy-wide change of a large company's policy figures (migration 0045, decision 031): every
 * member re-derived for the policies in parts, one transaction each, so that nobody waits for more
 * than a part. Delivered again after a crash, it starts over: a part derives its people from what
 * the rows say now, so running one twice changes nothing.
 */
export async function runPolicySeriesJob(infra: Infra, job: RunningJob<PolicySeriesJob['payload']>) {
  if (!job.companyId) return;
  const policyIds = (job.payload.policyIds ?? []).filter((id) => UUID.test(id));
  if (!policyIds.length) return;
  const ctx = forCompany(createCtx(infra), job.companyId);
  let after: string | null = '00000000-0000-0000-0000-000000000000';
  while (after) {
    if (job.signal.aborted) throw new Error('stopped');
    const from: string = after;
    after = await ctx.run((tx) =>
      pointInTime.refreshPolicyPart(tx, ctx.companyId, policyIds, from, POLICY_SERIES_PART),
    );
  }
}
