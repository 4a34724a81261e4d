import type { Tx } from '../../db/client';
import { HELD_FOR_MS, insertJobs, type JobInput } from './jobs.repository';

export { DEFAULT_MAX_ATTEMPTS, type JobInput } from './jobs.repository';

export const JOB_STATES = ['queued', 'running', 'failed', 'done', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Enqueues jobs inside the caller's transaction: they exist exactly when the change that caused
 * them commits. Jobs whose key is already taken are skipped. Returns the ids of the new jobs.
 * The transaction's scope must allow the rows: a tenant transaction enqueues for its own company.
 */
export function enqueueMany(tx: Tx, jobs: readonly JobInput[], chunkSize = 1000): Promise<string[]> {
  return insertJobs(tx, jobs, chunkSize);
}

/** Enqueues one job in the caller's transaction; null when a job with its key already exists. */
export async function enqueue(tx: Tx, job: JobInput): Promise<string | null> {
  const [id] = await insertJobs(tx, [job], 1);
  return id ?? null;
}

/**
 * Jobs of one batch (an import's invitation mails) per state, in the caller's transaction and scope;
 * and the held jobs of a batch run one part at a time (enqueued `runAt: heldUntil()`, each released
 * by the part before it in its finishing transaction).
 */
export { batchProgress, payloadNow, releaseJob, underway, withdrawFromPending } from './jobs.repository';
export const heldUntil = () => new Date(Date.now() + HELD_FOR_MS);
