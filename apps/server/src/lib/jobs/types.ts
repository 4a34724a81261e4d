import type { Database, Tx } from '../../db/client';

/** A claimed job as its handler sees it. */
export interface RunningJob<P = Record<string, unknown>, S = Record<string, unknown>> {
  id: string;
  type: string;
  companyId: string | null;
  key: string | null;
  batchId: string | null;
  payload: P;
  secret: S | null;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when this process stops or loses the job's lease: stop early, the job runs again later. */
  signal: AbortSignal;
  db: Database;
  /**
   * Records the job's database effects and marks it done in one transaction (scoped to the job's
   * company), only while this process still holds the job: a handler whose effects go through here
   * applies them exactly once, however often the job is delivered. Without a call the job is marked
   * done when the handler returns.
   */
  finish(effects?: (tx: Tx) => Promise<void>): Promise<void>;
}

export interface JobHandler<P = Record<string, unknown>, S = Record<string, unknown>> {
  type: string;
  /** Delay before retry n is min(baseMs · 2^(n-1), maxMs), ±20% jitter. */
  backoff?: { baseMs: number; maxMs: number };
  run(job: RunningJob<P, S>): Promise<void>;
  /**
   * Several jobs of this type claimed together (up to `batch.size`) and run as one unit of work,
   * taking one of the runner's slots: for work whose cost is round trips (a mail each, over a pooled
   * SMTP connection). `run` answers one error (or null) per job, in order; the jobs without an error
   * are marked done in one statement, each only while this process still holds it.
   */
  batch?: { size: number; run(jobs: RunningJob<P, S>[]): Promise<Array<Error | null>> };
}

/** A job type that repeats on a cron schedule, once per enabled company in its own time zone, or once for the platform. */
export interface RecurringJob {
  type: string;
  /** Five fields (minute hour day month weekday), e.g. `0 2 * * *` for 02:00 every day. */
  cron: string;
  perCompany: boolean;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
}

/** Thrown by a handler for a failure no retry can mend: the job goes straight to `dead`. */
export class PermanentJobError extends Error {}

export type JobEvent =
  | { kind: 'claimed'; type: string }
  | { kind: 'done'; type: string; durationMs: number; batchId: string | null; companyId: string | null }
  | { kind: 'failed' | 'dead'; type: string; durationMs: number; error: string }
  | { kind: 'released' | 'lease_expired'; type: string };

export interface JobRunnerOptions {
  db: Database;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** How often to look for due jobs when idle. */
  pollMs?: number;
  /** How long a claim holds without a heartbeat; a job of a process that died runs again after it. */
  leaseMs?: number;
  /** On stop, how long running jobs may take to finish before they are released. */
  stopTimeoutMs?: number;
  /** How often recurring jobs are scheduled ahead. */
  scheduleEveryMs?: number;
  /** Names this process in locked_by. */
  workerId?: string;
  onEvent?: (event: JobEvent) => void;
  onError?: (err: Error, context: string) => void;
}

const DEFAULT_BACKOFF = { baseMs: 10_000, maxMs: 3_600_000 };

export function backoffDelay(attempt: number, backoff = DEFAULT_BACKOFF, random = Math.random): number {
  const raw = Math.min(backoff.baseMs * 2 ** Math.max(0, attempt - 1), backoff.maxMs);
  return Math.round(raw * (0.8 + 0.4 * random()));
}

export const errorText = (err: unknown) =>
  (err instanceof Error ? err.message || err.name : String(err)).slice(0, 2000);
