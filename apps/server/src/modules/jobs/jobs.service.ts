import type { Job, JobListQuery } from '@wac/shared/schemas/jobs';
import type { Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import * as repo from './jobs.repository';

const toJob = (r: repo.JobRow): Job => ({
  uuid: r.id,
  type: r.type,
  company: r.company_id ? { uuid: r.company_id, name: r.company_name ?? '' } : null,
  payload: r.payload,
  state: r.state as Job['state'],
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  runAt: iso(r.run_at)!,
  lastError: r.last_error,
  createdAt: iso(r.created_at)!,
  finishedAt: iso(r.finished_at),
});

/** Every company's jobs, newest first (super admin, system scope: jobs are platform rows). */
export async function list(ctx: Ctx, q: JobListQuery) {
  const { data, totalItems } = await ctx.system((tx) =>
    repo.list(tx, q.state, q.type, (q.page - 1) * q.itemsPerPage, q.itemsPerPage),
  );
  return pageOf(q, data.map(toJob), totalItems);
}

/** Puts a failed or dead job back in the queue, due now, with fresh attempts; audited. */
export async function retry(ctx: Ctx, id: string) {
  return ctx.system(async (tx) => {
    const r = await repo.retry(tx, id);
    if (!r) throw new AppError((await repo.exists(tx, id)) ? 'JOB_NOT_RETRYABLE' : 'NOT_FOUND');
    await ctx.audit(tx, {
      action: 'job.retry',
      targetType: 'job',
      targetId: id,
      companyId: r.row.company_id,
      before: { state: r.before, attempts: r.attemptsBefore, lastError: r.row.last_error },
      after: { state: 'queued' },
    });
    return toJob(r.row);
  });
}
