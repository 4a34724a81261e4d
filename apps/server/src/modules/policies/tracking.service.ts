import type { Readable } from 'node:stream';
import type { PolicyTrackingQuery } from '@wac/shared/schemas/policies';
import { companyChannel } from '@wac/shared/realtime';
import type { Ctx, Infra, TenantCtx } from '../../lib/context';
import type { RunningJob } from '../../lib/jobs/runner';
import { csvStream } from '../../lib/csv-export';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { batches, iso, keysetOf } from '../../lib/sql';
import * as repo from './policies.repository';
import * as trackingRepo from './tracking.repository';

/** Tracking a policy: who is assigned it and where each person stands; completion figures; CSV. */

const toRow = (r: trackingRepo.TrackingRow) => ({
  person: { uuid: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
  status: r.status,
  dueAt: iso(r.due_at),
  acknowledgedAt: iso(r.acknowledged_at),
  acknowledgedNumber: r.ack_number_done,
});

export const completionOf = (c: { assigned: number; acknowledged: number; outstanding: number; overdue: number }) => ({
  ...c,
  completion: c.assigned === 0 ? 100 : Math.floor((c.acknowledged * 1000) / c.assigned) / 10,
});

export async function tracking(ctx: TenantCtx, { id, ...q }: PolicyTrackingQuery & { id: string }) {
  return ctx.run(async (tx) => {
    const policy = await repo.find(tx, ctx.companyId, id);
    if (!policy) throw new AppError('NOT_FOUND');
    const summary = completionOf(await trackingRepo.completion(tx, ctx.companyId, id));
    // Filtered by status alone (or not at all), the total is one of the summary's figures: no second count.
    const known =
      !q.search && !q.teamUuid && !q.departmentUuid ? (q.status ? summary[q.status] : summary.assigned) : null;
    const { data, totalItems, totalIsLowerBound } = await trackingRepo.tracking(
      tx,
      ctx.companyId,
      policy,
      q,
      known === null,
    );
    return { ...pageOf(q, data.map(toRow), known ?? totalItems), totalIsLowerBound, summary };
  });
}

/** The dashboard's compliance figures: outstanding and overdue acknowledgements summed over the active policies. */
export const SUMMARY_POLICY_LIMIT = 200;
export async function complianceSummary(ctx: TenantCtx) {
  return ctx.run((tx) => repo.backlog(tx, ctx.companyId, SUMMARY_POLICY_LIMIT));
}

export const TRACKING_CSV_HEADER = [
  'firstName',
  'lastName',
  'email',
  'status',
  'dueAt',
  'acknowledgedAt',
  'acknowledgedVersion',
];

/** The filtered tracking list as CSV, in keyset batches by name. */
export async function exportTracking(
  ctx: TenantCtx,
  { id, ...q }: Omit<PolicyTrackingQuery, 'page' | 'itemsPerPage'> & { id: string },
): Promise<Readable> {
  const policy = await ctx.run((tx) => repo.find(tx, ctx.companyId, id));
  if (!policy) throw new AppError('NOT_FOUND');
  const all = batches(
    (cursor: { k: string; id: string } | null, limit) =>
      ctx.run((tx) => trackingRepo.trackingBatch(tx, ctx.companyId, policy, q, cursor, limit)),
    keysetOf,
  );
  return csvStream(TRACKING_CSV_HEADER, all, (r) => [
    r.first_name,
    r.last_name,
    r.email,
    r.status,
    iso(r.due_at),
    iso(r.acknowledged_at),
    r.ack_number_done,
  ]);
}

/** `npm run stats:rebuild`: every company's policy audiences and counters from scratch, one company per transaction. */
export async function rebuildAll(ctx: Ctx) {
  const companies = await ctx.system((tx) => repo.companiesWithPolicies(tx));
  let policies = 0;
  for (const companyId of companies) policies += await ctx.system((tx) => trackingRepo.rebuild(tx, companyId));
  return { companies: companies.length, policies };
}

/**
 * An employment ends at the end of its last day: the next company day it leaves every policy's
 * audience (migration 0041). Nothing changes in a row that day, so a daily job just after the
 * company's midnight takes out those still assigned (all of them, so a missed day is caught up).
 */
export const EMPLOYMENT_ENDED_JOB = 'policy.employment-ended';
export const EMPLOYMENT_ENDED_CRON = '1 0 * * *';
export async function runEmploymentEnded(infra: Infra, job: RunningJob) {
  const companyId = job.companyId;
  if (!companyId) return;
  let left = 0;
  await job.finish(async (tx) => {
    left = await trackingRepo.endedLeave(tx, companyId);
  });
  if (left > 0) await infra.bus.publish(companyChannel(companyId), { type: 'listing_changed', resource: 'policies' });
}
