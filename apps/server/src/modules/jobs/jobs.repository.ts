import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows, intLiteral } from '../../db/sql';

export interface JobRow {
  id: string;
  type: string;
  company_id: string | null;
  company_name: string | null;
  key: string | null;
  payload: Record<string, unknown>;
  state: string;
  attempts: number;
  max_attempts: number;
  run_at: Date | string;
  locked_by: string | null;
  last_error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
}

/** The Jobs screen: newest first, optionally one state; the company's name beside its id. */
export async function list(tx: Tx, state: string | undefined, type: string | undefined, offset: number, limit: number) {
  const where: SQL[] = [sql`true`];
  if (state) where.push(sql`j.state = ${state}`);
  if (type) where.push(sql`j.type = ${type}`);
  const cond = sql.join(where, sql` AND `);
  const data = await rows<JobRow>(
    tx,
    sql`SELECT j.id, j.type, j.company_id, c.name AS company_name, j.key, j.payload, j.state, j.attempts,
               j.max_attempts, j.run_at, j.locked_by, j.last_error, j.created_at, j.updated_at, j.finished_at
          FROM jobs j LEFT JOIN companies c ON c.id = j.company_id
         WHERE ${cond}
         ORDER BY j.created_at DESC, j.id DESC
         LIMIT ${intLiteral(limit)} OFFSET ${intLiteral(offset)}`,
  );
  const [total] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM jobs j WHERE ${cond}`);
  return { data, totalItems: total?.n ?? 0 };
}

/** Puts a failed or dead job back in the queue, due now, with a fresh set of attempts. */
export async function retry(
  tx: Tx,
  id: string,
): Promise<{ before: string; attemptsBefore: number; row: JobRow } | null> {
  const [r] = await rows<JobRow & { before: string; attempts_before: number }>(
    tx,
    sql`UPDATE jobs j SET state = 'queued', attempts = 0, run_at = now(), finished_at = NULL, updated_at = now()
          FROM (SELECT id, state AS before, attempts AS attempts_before FROM jobs WHERE id = ${id} FOR UPDATE) old
         WHERE j.id = old.id AND j.state IN ('failed', 'dead')
        RETURNING j.id, j.type, j.company_id, NULL::text AS company_name, j.key, j.payload, j.state, j.attempts,
                  j.max_attempts, j.run_at, j.locked_by, j.last_error, j.created_at, j.updated_at, j.finished_at,
                  old.before, old.attempts_before`,
  );
  if (!r) return null;
  const { before, attempts_before, ...row } = r;
  return { before, attemptsBefore: attempts_before, row };
}

export async function exists(tx: Tx, id: string): Promise<boolean> {
  return (await rows(tx, sql`SELECT 1 FROM jobs WHERE id = ${id}`)).length > 0;
}
