import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { intLiteral, rows, uuidArray } from '../../db/sql';

/** What a module asks for: one unit of background work, tied to a company or to the platform. */
export interface JobInput {
  type: string;
  /** The company the work belongs to; null for platform work (system-only rows). */
  companyId: string | null;
  /** Shown on the Jobs screen; no secrets here. */
  payload?: Record<string, unknown>;
  /** Given to the handler only, never listed, and cleared once the job is done (a mailed token). */
  secret?: Record<string, unknown>;
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** Idempotency key: a second enqueue with the same key is a no-op, so one cause makes one job. */
  key?: string;
  /** Groups jobs for progress counts (the invitation mails of one import). */
  batchId?: string;
  /** Attempts before the job is `dead` (default 5). */
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface ClaimedRow {
  id: string;
  type: string;
  company_id: string | null;
  key: string | null;
  batch_id: string | null;
  payload: Record<string, unknown>;
  secret: Record<string, unknown> | null;
  attempts: number;
  max_attempts: number;
}

const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const valuesOf = (j: JobInput) =>
  sql`(${j.type}, ${j.companyId}::uuid, ${j.key ?? null}, ${j.batchId ?? null}::uuid, ${JSON.stringify(j.payload ?? {})}::jsonb, ${
    j.secret ? JSON.stringify(j.secret) : null
  }::jsonb, ${j.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}, coalesce(${j.runAt?.toISOString() ?? null}::timestamptz, now()))`;

/** Multi-row inserts; a taken key is skipped. Returns the new ids. */
export async function insertJobs(tx: Tx, jobs: readonly JobInput[], chunkSize: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < jobs.length; i += chunkSize) {
    const chunk = jobs.slice(i, i + chunkSize);
    const inserted = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO jobs (type, company_id, key, batch_id, payload, secret, max_attempts, run_at)
          VALUES ${sql.join(chunk.map(valuesOf), sql`, `)}
          ON CONFLICT (key) DO NOTHING
          RETURNING id`,
    );
    for (const r of inserted) ids.push(r.id);
  }
  return ids;
}

/** Takes up to `limit` due jobs of the given types; rows another process holds are skipped, not waited for. */
export const claim = (tx: Tx, workerId: string, types: string[], limit: number, leaseMs: number) =>
  rows<ClaimedRow>(
    tx,
    sql`UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = ${workerId},
               locked_until = now() + ${ms(leaseMs)}, updated_at = now()
         WHERE id IN (SELECT id FROM jobs
                       WHERE state IN ('queued', 'failed') AND run_at <= now() AND type IN (${inList(types)})
                       ORDER BY run_at LIMIT ${intLiteral(limit)}
                       FOR UPDATE SKIP LOCKED)
        RETURNING id, type, company_id, key, batch_id, payload, secret, attempts, max_attempts`,
  );

/** Jobs whose process stopped heart-beating: retried (or dead after their last attempt). */
export const reapExpired = (tx: Tx) =>
  rows<{ type: string }>(
    tx,
    sql`UPDATE jobs SET state = CASE WHEN attempts >= max_attempts THEN 'dead' ELSE 'failed' END,
               finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
               last_error = 'lease expired: the process running it stopped',
               locked_by = NULL, locked_until = NULL, run_at = now(), updated_at = now()
         WHERE id IN (SELECT id FROM jobs WHERE state = 'running' AND locked_until < now() FOR UPDATE SKIP LOCKED)
        RETURNING type`,
  );

/** Extends the leases this worker still holds; returns those ids (a missing one was lost). */
export const extendLeases = (tx: Tx, workerId: string, ids: string[], leaseMs: number) =>
  rows<{ id: string }>(
    tx,
    sql`UPDATE jobs SET locked_until = now() + ${ms(leaseMs)}
         WHERE id IN (${inList(ids)}) AND locked_by = ${workerId} AND state = 'running'
        RETURNING id`,
  );

/** Marks a held job done; false when this worker no longer holds it. */
export async function markDone(tx: Tx, workerId: string, id: string): Promise<boolean> {
  const done = await rows<{ id: string }>(
    tx,
    sql`UPDATE jobs SET state = 'done', finished_at = now(), updated_at = now(), secret = NULL,
               locked_by = NULL, locked_until = NULL
         WHERE id = ${id} AND locked_by = ${workerId} AND state = 'running'
        RETURNING id`,
  );
  return done.length > 0;
}

/** Marks held jobs done in one statement; answers the ids this worker still held. */
export async function markDoneMany(tx: Tx, workerId: string, ids: string[]): Promise<Set<string>> {
  const done = await rows<{ id: string }>(
    tx,
    sql`UPDATE jobs SET state = 'done', finished_at = now(), updated_at = now(), secret = NULL,
               locked_by = NULL, locked_until = NULL
         WHERE id IN (${inList(ids)}) AND locked_by = ${workerId} AND state = 'running'
        RETURNING id`,
  );
  return new Set(done.map((r) => r.id));
}

/** Records a failed attempt: retried after `delayMs`, or dead. Null when this worker no longer holds it. */
export async function markFailed(
  tx: Tx,
  workerId: string,
  id: string,
  error: string,
  delayMs: number,
  permanent: boolean,
): Promise<string | null> {
  const [r] = await rows<{ state: string }>(
    tx,
    sql`UPDATE jobs SET state = CASE WHEN ${permanent} OR attempts >= max_attempts THEN 'dead' ELSE 'failed' END,
               finished_at = CASE WHEN ${permanent} OR attempts >= max_attempts THEN now() END,
               last_error = ${error}, run_at = now() + ${ms(delayMs)},
               locked_by = NULL, locked_until = NULL, updated_at = now()
         WHERE id = ${id} AND locked_by = ${workerId} AND state = 'running'
        RETURNING state`,
  );
  return r?.state ?? null;
}

/** Hands held jobs back as if never tried. */
export const release = (tx: Tx, workerId: string, ids: string[]) =>
  rows<{ type: string }>(
    tx,
    sql`UPDATE jobs SET attempts = attempts - 1, state = CASE WHEN attempts - 1 = 0 THEN 'queued' ELSE 'failed' END,
               locked_by = NULL, locked_until = NULL, run_at = now(), updated_at = now()
         WHERE id IN (${inList(ids)}) AND locked_by = ${workerId} AND state = 'running'
        RETURNING type`,
  );

export const enabledCompanies = (tx: Tx) =>
  rows<{ id: string; time_zone: string }>(tx, sql`SELECT id, time_zone FROM companies WHERE enabled`);

/** Jobs per unfinished state. */
export const countByState = (tx: Tx) =>
  rows<{ state: string; n: number }>(
    tx,
    sql`SELECT state, count(*)::int AS n FROM jobs WHERE state <> 'done' GROUP BY state`,
  );

/** How far ahead a held job waits: it runs only once another job releases it (`releaseJob`). */
export const HELD_FOR_MS = 365 * 86_400_000;

/**
 * Jobs of one batch per state (an import's mails), of one type when given. `units`: the work they
 * carry, each job's `payload.units` (a job of 100 people says 100), else 1. `held`: queued jobs
 * waiting to be released (due more than a day ahead), apart from those due.
 */
export const batchProgress = (tx: Tx, batchId: string, type?: string) =>
  rows<{ state: string; held: boolean; n: number; units: number }>(
    tx,
    sql`SELECT state, (state = 'queued' AND run_at > now() + interval '1 day') AS held, count(*)::int AS n,
               sum(coalesce((payload->>'units')::int, 1))::int AS units
          FROM jobs WHERE batch_id = ${batchId}${type ? sql` AND type = ${type}` : sql``} GROUP BY 1, 2`,
  );

/**
 * The ids of the company's jobs of `type` still to run or running (a background batch under way),
 * read from the partial indexes of the due and the leased jobs, not the company's history.
 */
const stillToRun = (companyId: string, type: string) =>
  sql`SELECT id FROM jobs WHERE state IN ('queued', 'failed') AND company_id = ${companyId} AND type = ${type}
      UNION ALL
      SELECT id FROM jobs WHERE state = 'running' AND company_id = ${companyId} AND type = ${type}`;

/** Whether a job of `type` of the company is still to run or running (a background batch under way). */
export async function underway(tx: Tx, companyId: string, type: string) {
  const found = await rows<{ id: string }>(tx, sql`${stillToRun(companyId, type)} LIMIT 1`);
  return found.length > 0;
}

/**
 * Takes ids out of the array `payload[field]` of the company's jobs of `type` still to run or running
 * (queued, held, failed or leased): what a later change decided for them, a part of a batch must not
 * do again. The update waits for a job whose finishing transaction holds its row, then finds it done;
 * a job not yet finishing reads its payload again in that transaction (`payloadNow`). The test on
 * `payload[field]` never fails on another job's payload (the planner may try it on any row of the
 * table before the id filter: a schedule recount's `userIds` is null, and `jsonb_array_elements`
 * of a scalar is an error).
 */
export async function withdrawFromPending(tx: Tx, companyId: string, type: string, field: string, ids: string[]) {
  if (ids.length === 0) return;
  const withdrawn = sql`${uuidArray(ids)}::text[]`;
  await tx.execute(
    sql`UPDATE jobs SET payload = jsonb_set(payload, ${`{${field}}`}::text[], (payload->${field}::text) - ${withdrawn}),
               updated_at = now()
         WHERE id IN (${stillToRun(companyId, type)})
           AND state IN ('queued', 'failed', 'running')
           AND jsonb_typeof(payload->${field}::text) = 'array' AND (payload->${field}::text) ?| ${withdrawn}`,
  );
}

/** A job's payload as its row holds it now, in the caller's transaction (see `withdrawFromPending`). */
export async function payloadNow<P>(tx: Tx, jobId: string): Promise<P | null> {
  const [r] = await rows<{ payload: P }>(tx, sql`SELECT payload FROM jobs WHERE id = ${jobId}`);
  return r?.payload ?? null;
}

/** Makes a held job due now (the next part of a batch run one part at a time); false if it is not queued. */
export async function releaseJob(tx: Tx, key: string) {
  const released = await rows<{ id: string }>(
    tx,
    sql`UPDATE jobs SET run_at = now(), updated_at = now() WHERE key = ${key} AND state = 'queued' RETURNING id`,
  );
  return released.length > 0;
}
