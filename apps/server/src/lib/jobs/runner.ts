import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import * as repo from './jobs.repository';
import { DEFAULT_MAX_ATTEMPTS, enqueueMany, type JobInput } from './queue';
import { executeBatch, recordFailure, runningJob } from './batch';
import { nextOccurrence } from './recurring';
import { errorText, type JobHandler, type JobRunnerOptions, type RecurringJob, type RunningJob } from './types';

export {
  backoffDelay,
  type JobEvent,
  type JobHandler,
  type JobRunnerOptions,
  PermanentJobError,
  type RecurringJob,
  type RunningJob,
} from './types';

type ClaimedRow = repo.ClaimedRow;

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * The job runner of one process: claims due jobs with FOR UPDATE SKIP LOCKED under a lease, runs
 * them, retries failures with exponential backoff until `dead`, schedules recurring jobs ahead, and
 * takes back jobs whose lease expired (their process died). Several processes on one database each
 * run a job once; on PGlite the one process does the same with one query at a time.
 */
/** While the polls keep failing (the database away), their error is reported this often. */
export const POLL_ERROR_EVERY_MS = 60_000;

export function createJobRunner(opts: JobRunnerOptions) {
  const { db } = opts;
  const concurrency = opts.concurrency ?? (db.kind === 'pglite' ? 2 : 4);
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const stopTimeoutMs = opts.stopTimeoutMs ?? 5000;
  const scheduleEveryMs = opts.scheduleEveryMs ?? 60_000;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const emit = opts.onEvent ?? (() => {});
  const onError = opts.onError ?? (() => {});
  /** When a failing poll was last reported; null while the polls succeed. */
  let pollReportedAt: number | null = null;

  const handlers = new Map<string, JobHandler<never, never>>();
  const recurring: RecurringJob[] = [];
  const running = new Map<string, { controller: AbortController; done: Promise<void>; type: string }>();
  /** Units of work under way: a job, or a batch of jobs of one type. */
  let units = 0;

  let state: 'idle' | 'running' | 'stopping' | 'stopped' = 'idle';
  let loopDone: Promise<void> = Promise.resolve();
  let wakeUp: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let lastReapAt = 0;
  let lastScheduleAt = 0;
  /** The last time the runner reached the database, and the error of its last failed attempt. */
  let lastOkAt = 0;
  let lastError: string | null = null;

  async function claim(limit: number): Promise<ClaimedRow[]> {
    const types = [...handlers.values()].filter((h) => !h.batch).map((h) => h.type);
    if (types.length === 0) return [];
    return db.system((tx) => repo.claim(tx, workerId, types, limit, leaseMs));
  }

  /** Jobs whose process stopped heart-beating: retried (or dead after their last attempt). */
  async function reapExpired() {
    const reaped = await db.system(repo.reapExpired);
    for (const r of reaped) emit({ kind: 'lease_expired', type: r.type });
  }

  /** Keys of occurrences this process enqueued lately, and when it last enqueued them all. */
  let enqueuedKeys = new Set<string>();
  let lastFullScheduleAt = 0;

  /**
   * Makes sure the next occurrence of every recurring job exists (its key makes it once across
   * processes). Each occurrence is computed once per cron and time zone, not per company, and only
   * occurrences this process has not enqueued yet are sent (all of them again every ten minutes):
   * at 1,000 companies the round cost about a second of CPU a minute, in every process.
   */
  async function scheduleRecurring() {
    if (recurring.length === 0) return;
    const now = new Date();
    const full = now.getTime() - lastFullScheduleAt >= 10 * 60_000;
    const companies = recurring.some((r) => r.perCompany) ? await db.system(repo.enabledCompanies) : [];
    const occurrences = new Map<string, Date>();
    const occurrence = (cron: string, zone: string) => {
      const k = `${cron}\u0000${zone}`;
      let at = occurrences.get(k);
      if (!at) {
        at = nextOccurrence(cron, zone, now);
        occurrences.set(k, at);
      }
      return at;
    };
    const jobs: JobInput[] = [];
    const keys = new Set<string>();
    for (const r of recurring) {
      const targets = r.perCompany ? companies : [{ id: null, time_zone: 'UTC' }];
      for (const c of targets) {
        const runAt = occurrence(r.cron, c.time_zone);
        const key = `cron:${r.type}:${c.id ?? 'platform'}:${runAt.toISOString()}`;
        keys.add(key);
        if (!full && enqueuedKeys.has(key)) continue;
        jobs.push({
          type: r.type,
          companyId: c.id,
          payload: { ...r.payload, scheduledFor: runAt.toISOString(), timeZone: c.time_zone },
          runAt,
          key,
          maxAttempts: r.maxAttempts,
        });
      }
    }
    if (jobs.length > 0) await db.system((tx) => enqueueMany(tx, jobs));
    enqueuedKeys = keys;
    if (full) lastFullScheduleAt = now.getTime();
  }

  async function heartbeatAll() {
    const ids = [...running.keys()];
    if (ids.length === 0) return;
    try {
      const kept = await db.system((tx) => repo.extendLeases(tx, workerId, ids, leaseMs));
      const keptIds = new Set(kept.map((r) => r.id));
      // Lost (reaped after a long pause, retried from the screen): stop; the result would be refused anyway.
      for (const id of ids) if (!keptIds.has(id)) running.get(id)?.controller.abort(new Error('lease lost'));
    } catch (err) {
      onError(err as Error, 'heartbeat');
    }
  }

  async function execute(row: ClaimedRow, controller: AbortController) {
    const handler = handlers.get(row.type) as unknown as JobHandler;
    const started = performance.now();
    let finished = false;
    const job: RunningJob = runningJob(row, controller.signal, db, async (effects) => {
      if (finished) throw new Error('job already finished');
      const scope = row.company_id ? { companyId: row.company_id } : { system: true };
      await db.scoped(scope, async (tx) => {
        const mine = await repo.markDone(tx, workerId, row.id);
        // Another process took the job over (this one's lease expired): its effects are not ours to apply.
        if (!mine) throw new LeaseLost();
        if (effects) await effects(tx);
      });
      finished = true;
    });
    try {
      await handler.run(job);
      if (!finished) await job.finish();
      emit({
        kind: 'done',
        type: row.type,
        durationMs: performance.now() - started,
        batchId: row.batch_id,
        companyId: row.company_id,
      });
    } catch (err) {
      if (err instanceof LeaseLost || (controller.signal.aborted && state !== 'running')) return;
      await recordFailure({ db, workerId, emit, onError }, handler, row, err, started);
    }
  }

  function start(row: ClaimedRow) {
    const controller = new AbortController();
    emit({ kind: 'claimed', type: row.type });
    units += 1;
    const done = execute(row, controller)
      .catch((err) => onError(err as Error, 'job'))
      .finally(() => {
        running.delete(row.id);
        units -= 1;
        wake();
      });
    running.set(row.id, { controller, done, type: row.type });
  }

  function startBatch(handler: JobHandler, rows: ClaimedRow[]) {
    const controller = new AbortController();
    for (const r of rows) emit({ kind: 'claimed', type: r.type });
    units += 1;
    const done = executeBatch(
      { db, workerId, emit, onError, stopping: () => state !== 'running' },
      handler,
      rows,
      controller,
    )
      .catch((err) => onError(err as Error, 'job batch'))
      .finally(() => {
        for (const r of rows) running.delete(r.id);
        units -= 1;
        wake();
      });
    for (const r of rows) running.set(r.id, { controller, done, type: r.type });
  }

  /** Claims a batch of each batch type while slots are free; answers the slots left. */
  async function claimBatches(free: number): Promise<{ free: number; claimed: number }> {
    let claimed = 0;
    for (const handler of handlers.values() as IterableIterator<JobHandler>) {
      if (!handler.batch || free <= 0 || state !== 'running') continue;
      const size = handler.batch.size;
      const rows = await db.system((tx) => repo.claim(tx, workerId, [handler.type], size, leaseMs));
      if (rows.length === 0) continue;
      if (state !== 'running') {
        await release(rows.map((r) => r.id));
        break;
      }
      startBatch(handler, rows);
      claimed += rows.length;
      free -= 1;
    }
    return { free, claimed };
  }

  function wake() {
    wakeUp?.();
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  async function loop() {
    while (state === 'running') {
      let claimed = 0;
      let free = concurrency - units;
      try {
        const now = Date.now();
        if (now - lastScheduleAt >= scheduleEveryMs) {
          lastScheduleAt = now;
          await scheduleRecurring();
        }
        if (now - lastReapAt >= Math.min(leaseMs / 2, 5000)) {
          lastReapAt = now;
          await reapExpired();
        }
        if (free > 0 && state === 'running') {
          const batches = await claimBatches(free);
          claimed += batches.claimed;
          free = batches.free;
        }
        if (free > 0 && state === 'running') {
          const jobs = await claim(free);
          claimed += jobs.length;
          // A stop that came while the claim was in flight: hand the jobs straight back.
          if (state !== 'running') {
            await release(jobs.map((j) => j.id));
            break;
          }
          for (const row of jobs) start(row);
          free -= jobs.length;
        }
        lastOkAt = Date.now();
        lastError = null;
        pollReportedAt = null;
      } catch (err) {
        lastError = errorText(err);
        // An outage fails every poll (one a second): said when it starts, then once a minute.
        if (pollReportedAt === null || Date.now() - pollReportedAt >= POLL_ERROR_EVERY_MS) {
          pollReportedAt = Date.now();
          onError(err as Error, 'poll');
        }
      }
      if (state !== 'running') break;
      // A full claim means more may be due: look again at once when a slot frees.
      if (claimed > 0 && free > 0) continue;
      await sleep(pollMs);
    }
  }

  /** Hands unfinished jobs back as if never tried: another process (or the next start) runs them. */
  async function release(ids: string[]) {
    if (ids.length === 0) return;
    const released = await db.system((tx) => repo.release(tx, workerId, ids));
    for (const r of released) emit({ kind: 'released', type: r.type });
  }

  return {
    workerId,
    register<P, S>(handler: JobHandler<P, S>) {
      if (handlers.has(handler.type)) throw new Error(`job type ${handler.type} registered twice`);
      handlers.set(handler.type, handler as unknown as JobHandler<never, never>);
    },
    /** Schedules `type` on a cron; the type's handler is registered separately. */
    recurring(job: RecurringJob) {
      nextOccurrence(job.cron, 'UTC', new Date()); // refuses a bad expression at registration
      recurring.push({ ...job, maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS });
      lastScheduleAt = 0;
    },
    types: () => [...handlers.keys()],
    start() {
      if (state !== 'idle') return;
      state = 'running';
      heartbeat = setInterval(() => void heartbeatAll(), Math.max(50, Math.floor(leaseMs / 3)));
      heartbeat.unref();
      loopDone = loop();
    },
    /** Looks for due jobs now (after a commit that enqueued some), instead of at the next poll. */
    wake,
    /** Stops claiming, lets running jobs finish for up to stopTimeoutMs, then releases the rest. */
    async stop() {
      if (state !== 'running') {
        state = 'stopped';
        return;
      }
      state = 'stopping';
      wake();
      await loopDone;
      const all = [...new Set([...running.values()].map((r) => r.done))];
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(all),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, stopTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      const left = [...running.keys()];
      for (const id of left) running.get(id)?.controller.abort(new Error('shutting down'));
      try {
        await release(left);
      } catch (err) {
        onError(err as Error, 'releasing jobs on stop');
      }
      clearInterval(heartbeat);
      state = 'stopped';
    },
    /** For readiness: running and able to reach the database on its last poll. */
    status() {
      return {
        state,
        workerId,
        running: running.size,
        lastOkAt: lastOkAt ? new Date(lastOkAt).toISOString() : null,
        lastError,
        healthy: state === 'running' && lastError === null,
      };
    },
    /** Jobs per state, for metrics and the screen's totals. */
    async depth(): Promise<Record<string, number>> {
      const counts = await db.system(repo.countByState);
      const out: Record<string, number> = { queued: 0, running: 0, failed: 0, dead: 0 };
      for (const c of counts) out[c.state] = c.n;
      return out;
    },
  };
}

class LeaseLost extends Error {
  constructor() {
    super('lease lost');
  }
}
