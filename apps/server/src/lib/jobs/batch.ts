import type { Database } from '../../db/client';
import * as repo from './jobs.repository';
import { backoffDelay, errorText, type JobEvent, type JobHandler, PermanentJobError, type RunningJob } from './types';

/** A claimed row as its handler sees it; `finish` is the runner's (a batch's jobs have none). */
export function runningJob(row: repo.ClaimedRow, signal: AbortSignal, db: Database, finish: RunningJob['finish']) {
  return {
    id: row.id,
    type: row.type,
    companyId: row.company_id,
    key: row.key,
    batchId: row.batch_id,
    payload: row.payload,
    secret: row.secret,
    attempt: row.attempts,
    maxAttempts: row.max_attempts,
    signal,
    db,
    finish,
  } satisfies RunningJob;
}

/**
 * Records a job's failure (retried after a backoff, or dead when permanent or out of attempts) while
 * this process still holds it, and reports it. A failure to record it is reported too: the lease
 * runs out and another process retries the job.
 */
export async function recordFailure(
  deps: {
    db: Database;
    workerId: string;
    emit: (event: JobEvent) => void;
    onError: (err: Error, context: string) => void;
  },
  handler: JobHandler,
  row: repo.ClaimedRow,
  err: unknown,
  started: number,
) {
  const permanent = err instanceof PermanentJobError;
  try {
    const next = await deps.db.system((tx) =>
      repo.markFailed(
        tx,
        deps.workerId,
        row.id,
        errorText(err),
        backoffDelay(row.attempts, handler.backoff),
        permanent,
      ),
    );
    if (next)
      deps.emit({
        kind: next === 'dead' ? 'dead' : 'failed',
        type: row.type,
        durationMs: performance.now() - started,
        error: errorText(err),
      });
  } catch (e) {
    deps.onError(e as Error, 'recording a failed job');
  }
}

/** Runs claimed jobs of one batch type as one unit: one slot, one completion statement. */
export async function executeBatch(
  deps: {
    db: Database;
    workerId: string;
    emit: (event: JobEvent) => void;
    onError: (err: Error, context: string) => void;
    /** The runner is stopping: results of aborted jobs are not recorded (they are released). */
    stopping: () => boolean;
  },
  handler: JobHandler,
  claimed: repo.ClaimedRow[],
  controller: AbortController,
) {
  const { db, workerId, emit } = deps;
  const started = performance.now();
  const jobs: RunningJob[] = claimed.map((row) =>
    runningJob(row, controller.signal, db, async () => {
      throw new Error('a batch handler reports its results; the runner finishes its jobs');
    }),
  );
  let results: Array<Error | null>;
  try {
    results = await handler.batch!.run(jobs);
  } catch (err) {
    results = jobs.map(() => err as Error);
  }
  if (controller.signal.aborted && deps.stopping()) return;
  const ok = claimed.filter((_, i) => !results[i]);
  if (ok.length) {
    const done = await db.system((tx) =>
      repo.markDoneMany(
        tx,
        workerId,
        ok.map((r) => r.id),
      ),
    );
    const durationMs = performance.now() - started;
    for (const r of ok) {
      if (done.has(r.id))
        emit({ kind: 'done', type: r.type, durationMs, batchId: r.batch_id, companyId: r.company_id });
    }
  }
  for (const [i, row] of claimed.entries()) {
    const err = results[i];
    if (err) await recordFailure(deps, handler, row, err, started);
  }
}
