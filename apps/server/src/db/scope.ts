import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { causes, hasCode } from './causes';
import type { ContextCheck } from './context-check';
import type * as schema from './schema/index';

export type Orm = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/**
 * Who a transaction acts for. Tenant tables answer only rows of `companyId` (and, for a few,
 * the user's own rows); `system` is for auth flows and super-admin reads that are
 * permission-checked before they get here.
 */
export interface Scope {
  companyId?: string | null;
  userId?: string | null;
  system?: boolean;
  /**
   * An admin's bulk change (a policy for a whole company, a large audience): its statements may run
   * up to BULK_TIMEOUT_MS instead of the pool's per-statement limit, and the database itself
   * cancels one that runs longer (statement_timeout), so the limit holds on both sides.
   */
  bulk?: boolean;
  /**
   * A request's remembered context, still to be proved (decision 026): while it is `pending`, the
   * transaction's first message checks it before anything else runs, and a context that changed
   * refuses the whole transaction (its state becomes `changed`; the request is answered again).
   */
  check?: ContextCheck;
  /**
   * A read (a GET's transaction): it begins READ ONLY, so it cannot write, lock a row for update or
   * take a sequence value, and on PostgreSQL its COMMIT leaves with the connection's next message
   * instead of costing a round trip of its own (decision 027).
   */
  readOnly?: boolean;
}

/** The role every scoped transaction runs as (row-level security applies to it). */
export const APP_ROLE = 'wac_app';

/**
 * The longest a read-only transaction whose COMMIT is owed (decision 027) stays open on an idle
 * connection: long enough that a busy pool pays it with its next BEGIN, short enough that its
 * snapshot and share locks never hold back vacuum or a migration's ALTER TABLE noticeably.
 */
export const OWED_COMMIT_MS = 25;
/** The longest one statement of a bulk transaction (Scope.bulk) may run. */
export const BULK_TIMEOUT_MS = 60_000;

const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  // A pg.Client's own connect timeout (the pool words it as above): the start's migration connects
  // with one, and a silent database (a partition) failed it with this, not as unreachable.
  'timeout expired',
  'Query read timeout',
  'not queryable',
  'Client was closed',
];

/**
 * Whether an error means the database could not be reached or answered (not that a statement was
 * wrong): refused or dropped connections, connection and statement timeouts, a server shutting
 * down or refusing connections (SQLSTATE class 08, 57P01-57P03, 53300). Looks through wrappers
 * (`cause`), as the ORM wraps driver errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causes(error)) {
    if (typeof code === 'string') {
      if (UNAVAILABLE_ERRNOS.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') {
        return true;
      }
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

const COMMIT_OUTCOME_UNKNOWN = 'WC_COMMIT_OUTCOME_UNKNOWN';

/**
 * The connection broke or timed out while a transaction's COMMIT was on its way: the database may
 * have committed it or not, and nobody can say which (the server sent it; no answer came back). A
 * failure before the COMMIT left changed nothing; this one may have changed everything, so a client
 * is told so (SAVE_OUTCOME_UNKNOWN), not that nothing was changed. It wraps the driver's error, so
 * `isDatabaseUnavailable` still sees the outage in it.
 */
export class CommitOutcomeUnknown extends Error {
  readonly code = COMMIT_OUTCOME_UNKNOWN;
  constructor(cause: unknown) {
    super('the connection was lost while committing: the outcome is unknown', { cause });
    this.name = 'CommitOutcomeUnknown';
  }
}
/** Whether the error, or one it wraps, is a COMMIT whose outcome is unknown. */
export const isCommitOutcomeUnknown = (error: unknown): boolean => hasCode(error, COMMIT_OUTCOME_UNKNOWN);

/** SQLSTATE 25006: a write (or a row lock) in a read-only transaction. */
export const isReadOnlyRefusal = (error: unknown): boolean => hasCode(error, '25006');

/** Per transaction on PostgreSQL: runs reads side by side, their statements pipelined (pg-scoped.ts). */
type Pipeline = (fns: Array<() => Promise<unknown>>) => Promise<unknown[]>;
const pipelines = new WeakMap<Tx, Pipeline>();

/** pg-scoped.ts: `tx` pipelines with `run` until its transaction ends (then `null`). */
export function setPipeline(tx: Tx, run: Pipeline | null) {
  if (run) pipelines.set(tx, run);
  else pipelines.delete(tx);
}

/**
 * Independent reads of one transaction, side by side: on PostgreSQL their statements leave without
 * waiting for each other's answers (node-postgres' pipeline mode), so reads of one statement each
 * cost one round trip together, not one each; a read of two statements in a row, two. On the
 * embedded database (one query at a time anyway) they run one after the other. Each must only
 * read: a failed statement aborts the transaction, and the first failure is thrown.
 */
export async function concurrently<T extends readonly unknown[]>(
  tx: Tx,
  fns: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  const pipeline = pipelines.get(tx);
  if (pipeline) return (await pipeline(fns as unknown as Array<() => Promise<unknown>>)) as unknown as T;
  const out: unknown[] = [];
  for (const fn of fns as unknown as Array<() => Promise<unknown>>) out.push(await fn());
  return out as unknown as T;
}
