import { createCtx, forCompany, type Infra, type TenantCtx } from '../../lib/context';
import type { RunningJob } from '../../lib/jobs/runner';
import { AppError } from '../../lib/errors';
import { todayIn } from '../departments/departments.service';
import { count, round } from './counting';
import * as ledger from './ledger.repository';
import { audienceInTx, tell } from './notify';
import * as repo from './recount.repository';
import * as requests from './requests.repository';

/**
 * A request's amount is counted when it is made, from the person's schedule and the company's
 * holidays then. A holiday added, moved or removed later, or a schedule assigned, withdrawn or
 * changed, changes what it takes: a request still
 * pending or approved and not over is counted again, and an approved one's ledger gets the
 * difference (a day returned, or taken), said as such. Past leave stays as it was taken.
 *
 * Idempotent: the new amount is compared with the stored one under the requester's lock, so a job
 * run twice (or an approval racing it) writes the difference once.
 */
export async function recountOne(ctx: TenantCtx, id: string): Promise<boolean> {
  const r = await ctx.run((tx) => repo.one(tx, ctx.companyId, id));
  if (!r || (r.status !== 'pending' && r.status !== 'approved')) return false;
  // Counted before the lock: the calendar is the attendance service's, read in its own transaction.
  let amount: number;
  try {
    ({ amount } = await count(ctx, r.user_id, r.unit, {
      typeUuid: r.type_id,
      startDate: r.start_date,
      endDate: r.end_date,
      startHalf: r.start_half,
      endHalf: r.end_half,
    }));
  } catch (e) {
    // The person is no member any more: their request stays as it is.
    if (e instanceof AppError && e.code === 'NOT_FOUND') return false;
    throw e;
  }
  const done = await ctx.run(async (tx) => {
    if (!(await requests.lockRequester(tx, ctx.companyId, id))) return null;
    const cur = await repo.one(tx, ctx.companyId, id, true);
    if (!cur || (cur.status !== 'pending' && cur.status !== 'approved') || round(cur.amount) === amount) return null;
    await repo.setAmount(tx, ctx.companyId, id, amount);
    if (cur.status === 'approved') {
      await ledger.insertEntries(tx, ctx.companyId, [
        {
          userId: cur.user_id,
          typeId: cur.type_id,
          kind: 'taken',
          amount: round(cur.amount - amount),
          effectiveDate: cur.start_date,
          reason: 'recounted',
          requestId: id,
        },
      ]);
    }
    await ctx.audit(tx, {
      action: 'time_off_request.recount',
      targetType: 'time_off_request',
      targetId: id,
      before: { amount: round(cur.amount) },
      after: { amount },
    });
    return { status: cur.status, userId: cur.user_id, ...(await audienceInTx(tx, ctx.companyId, cur.user_id)) };
  });
  if (!done) return false;
  await tell(ctx, [done.userId, ...done.approvers], id, done.status);
  return true;
}

/** Every pending or approved request not over that holds one of the changed holidays' dates. */
export async function recountForHolidays(ctx: TenantCtx, dates: string[]) {
  const found = await ctx.run(async (tx) => repo.covering(tx, ctx.companyId, dates, await todayIn(tx, ctx.companyId)));
  let changed = 0;
  for (const r of found) if (await recountOne(ctx, r.id)) changed++;
  return { requests: found.length, changed };
}

/** The job the holidays enqueue (HOLIDAYS_CHANGED_JOB): each request in its own transaction, idempotent. */
export async function runHolidaysChangedJob(infra: Infra, job: RunningJob<{ dates: string[] }>) {
  if (!job.companyId || !Array.isArray(job.payload.dates) || job.payload.dates.length === 0) return;
  await recountForHolidays(forCompany(createCtx(infra), job.companyId), job.payload.dates);
}

/** Every pending or approved request not over that ends on or after `from`, of those people or everyone's. */
export async function recountForSchedules(ctx: TenantCtx, from: string, userIds: string[] | null) {
  const found = await ctx.run(async (tx) =>
    repo.following(tx, ctx.companyId, from, userIds, await todayIn(tx, ctx.companyId)),
  );
  let changed = 0;
  for (const r of found) if (await recountOne(ctx, r.id)) changed++;
  return { requests: found.length, changed };
}

/** The job a schedule change enqueues (SCHEDULES_CHANGED_JOB): each request in its own transaction, idempotent. */
export async function runSchedulesChangedJob(
  infra: Infra,
  job: RunningJob<{ from: string; userIds: string[] | null }>,
) {
  const { from, userIds } = job.payload;
  if (!job.companyId || typeof from !== 'string' || (userIds !== null && !Array.isArray(userIds))) return;
  await recountForSchedules(forCompany(createCtx(infra), job.companyId), from, userIds);
}
