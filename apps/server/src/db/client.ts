import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { type NodePgDatabase, drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openEmbedded } from './embedded';
import { inlineParams } from './inline-params';
import { type PipelineClient, PreparingClient } from './pg-client';
import { type ContextCheck, checkExpression, proving } from './context-check';
import * as schema from './schema/index';

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
}

const MIGRATIONS = new URL('./migrations', import.meta.url).pathname;
/** pg_advisory_lock key of the migration run (any constant unique to this application). */
const MIGRATION_LOCK = 7_140_529_318;
const APP_ROLE = 'wac_app';

export { DataDirInUseError } from './embedded';

export interface Database {
  kind: 'pglite' | 'pg';
  orm: Orm;
  /** Runs fn in a transaction as the RLS-bound app role, scoped to one company and user. */
  scoped<T>(scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs fn in a transaction that may read across companies (auth, platform, super admin). */
  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One statement outside any transaction, as the server's login role (no row-level scope): for
   * the few SECURITY-reviewed functions meant to be called that way (app_request_context).
   */
  query<T>(text: string, params: unknown[]): Promise<T[]>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; `memory://` for an in-memory database. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** PostgreSQL only: how long to wait for a connection (new or from the pool). */
  connectTimeoutMs?: number;
  /** PostgreSQL only: the longest a single statement may go unanswered. */
  queryTimeoutMs?: number;
}

const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 5_000;
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
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_ERRNOS.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') {
        return true;
      }
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  let orm: Orm;
  let kind: Database['kind'];
  let close: () => Promise<void>;
  let doMigrate: () => Promise<void>;
  let pglite: PGlite | undefined;
  let pool: pg.Pool | undefined;
  if (opts.databaseUrl) {
    kind = 'pg';
    pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      Client: PreparingClient,
      max: opts.poolSize ?? 10,
      // An unreachable or silent database must fail a request in bounded time (answered 503 by the
      // error handler), never hang it: connecting (or waiting for a free connection) and every
      // statement have a limit; keep-alive notices a peer that vanished without a word.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      query_timeout: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    // A checked-out connection that breaks between statements reports here; without a listener
    // node-postgres would throw it as an uncaught error. Its next statement fails (503) and the
    // connection is discarded on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // An idle connection that the server ends (restart, failover, DROP … WITH FORCE) must not crash
    // the process: the pool drops it and opens a new one on the next query.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') process.stderr.write(`database pool: idle connection lost: ${err.message}\n`);
    });
    const p = pool;
    orm = drizzlePg(p, { schema });
    close = () => p.end();
    doMigrate = () => migrateOnce(p.options);
  } else {
    kind = 'pglite';
    const dataDir = opts.dataDir ?? 'memory://';
    const { db, unlock } = await openEmbedded(dataDir, opts.loadDataDir);
    pglite = db;
    orm = drizzlePglite(db, { schema }) as unknown as Orm;
    close = async () => {
      await db.close();
      unlock();
    };
    doMigrate = () => migratePglite(orm as never, { migrationsFolder: MIGRATIONS });
  }

  const scopeSql = (scope: Scope) =>
    sql`select set_config('role', ${APP_ROLE}, true),
               set_config('app.company_id', ${scope.companyId ?? ''}, true),
               set_config('app.user_id', ${scope.userId ?? ''}, true),
               set_config('app.scope', ${scope.system ? 'system' : ''}, true),
               set_config('plan_cache_mode', 'force_generic_plan', true)`;

  let scoped = <T>(scope: Scope, fn: (tx: Tx) => Promise<T>) =>
    orm.transaction(async (tx) => {
      const check = scope.check?.state === 'pending' ? scope.check : undefined;
      if (check) {
        await proving(check, () =>
          tx.execute(
            sql`select app_check_context(${check.label}, ${check.sid}::uuid, ${check.uid}::uuid, ${check.digest})`,
          ),
        );
      }
      await tx.execute(scopeSql(scope));
      return fn(tx);
    });
  let query = async <T>(text: string, params: unknown[]) => (await pglite!.query<T>(text, params)).rows;

  if (pool) {
    const p = pool;
    // Over the network every round trip costs a write and a wake-up on both sides, and most requests
    // are one query: BEGIN and the scope go out as one simple-protocol message (the values are
    // escaped literals), then the caller's statements, then COMMIT — three round trips, not four.
    const internals = orm as unknown as { dialect: never; session: { schema: never; options: never } };
    // One drizzle transaction object per connection, made once: building one (PgDatabase's
    // constructor) cost 2 % of the server's time per request under load. Its session talks to a
    // stand-in whose `query` is the current transaction's (a connection serves one at a time).
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query overloads, as drizzle calls them.
    type Query = (config: any, values?: any) => Promise<any>;
    const bound = new WeakMap<pg.PoolClient, { tx: Tx; slot: { query: Query } }>();
    const transactionOf = (client: pg.PoolClient) => {
      let b = bound.get(client);
      if (!b) {
        const slot: { query: Query } = { query: () => Promise.reject(new Error('no transaction')) };
        const conn = new Proxy(client, {
          get(target, key) {
            if (key === 'query') return slot.query;
            const value = Reflect.get(target, key, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
        const session = new NodePgSession(conn, internals.dialect, internals.session.schema, internals.session.options);
        const tx = new NodePgTransaction(internals.dialect, session, internals.session.schema) as unknown as Tx;
        b = { tx, slot };
        bound.set(client, b);
      }
      return b;
    };
    scoped = async <T>(scope: Scope, fn: (tx: Tx) => Promise<T>) => {
      const client = await p.connect();
      const lit = (v: string) => client.escapeLiteral(v);
      const bulk = scope.bulk ? `, set_config('statement_timeout', '${BULK_TIMEOUT_MS}', true)` : '';
      // A remembered request context is checked in the scope's own statement, ahead of the settings
      // (decision 026): one statement fewer, which costs the database about as much as the check.
      // It reads with the system scope whichever role it runs as, and a refusal aborts the statement.
      const check = scope.check?.state === 'pending' ? scope.check : undefined;
      const checked = check ? `${checkExpression(check, lit)}, ` : '';
      // JIT off: a generic plan's estimates (a parameter's selectivity unknown) often cross
      // jit_above_cost, and compiling then costs 20-120 ms on a statement that runs in 1-15 ms
      // (one manager's reports at 100,000 members: 133 ms with JIT, 15 ms without).
      const begin = `BEGIN; SELECT ${checked}set_config('role', ${lit(APP_ROLE)}, true), set_config('app.company_id', ${lit(scope.companyId ?? '')}, true), set_config('app.user_id', ${lit(scope.userId ?? '')}, true), set_config('app.scope', ${lit(scope.system ? 'system' : '')}, true), set_config('plan_cache_mode', 'force_generic_plan', true), set_config('jit', 'off', true)${bulk}`;
      // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query overloads, as drizzle calls them.
      const timed = (config: any): any => {
        if (!scope.bulk || typeof config?.submit === 'function') return config;
        return typeof config === 'string'
          ? { text: config, query_timeout: BULK_TIMEOUT_MS }
          : { ...config, query_timeout: BULK_TIMEOUT_MS };
      };
      let begun = false;
      // The transaction begins with its first statement: BEGIN, the scope and that statement go as
      // one message when its values can be written as literals (inline-params.ts); a statement
      // that keeps its own form (a prepared one) is pipelined right behind them (`pipelined`). A
      // transaction that runs no statement never begins.
      const query: Query = async (config, values) => {
        if (begun) return client.query(timed(config), values);
        begun = true;
        return check ? proving(check, () => first(config, values)) : first(config, values);
      };
      const first: Query = async (config, values) => {
        const text: unknown = typeof config === 'string' ? config : config?.text;
        const params: unknown = Array.isArray(values) ? values : (config?.values ?? []);
        // A statement its repository prepares on purpose (preparedRows: its plan costs more than
        // running it) keeps its plan, and BEGIN goes ahead of it on its own.
        const inlined =
          typeof text === 'string' && Array.isArray(params) && typeof config?.submit !== 'function' && !config?.name
            ? inlineParams(text, params, lit)
            : null;
        if (inlined === null) return pipelined(begin, timed(config), values);
        const { name: _name, values: _values, text: _text, ...rest } = typeof config === 'string' ? {} : config;
        const results = await client.query(timed({ ...rest, text: `${begin}; ${inlined}` }));
        return Array.isArray(results) ? results[results.length - 1] : results;
      };
      /**
       * BEGIN (with the check and the scope) and a statement that keeps its own form (a prepared
       * one, whose saved plan is the point) written together and answered in order: one round trip,
       * not two. node-postgres' pipeline mode, on for these two only: nothing else uses this
       * connection meanwhile, and a cursor (a portal kept open) cannot be pipelined, so it waits.
       */
      // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query overloads, as drizzle calls them.
      const pipelined = async (lead: string, config: any, values?: any): Promise<any> => {
        if (typeof config?.submit === 'function') {
          await client.query(lead);
          return client.query(config, values);
        }
        const c = client as unknown as PipelineClient;
        const stream = c.connection.stream;
        c.pipeline = true;
        let beginning: PromiseSettledResult<unknown>;
        let statement: PromiseSettledResult<unknown>;
        try {
          let sent: [Promise<unknown>, Promise<unknown>];
          stream.cork();
          try {
            sent = [client.query(lead), client.query(config, values)];
          } finally {
            stream.uncork();
          }
          [beginning, statement] = await Promise.allSettled(sent);
        } finally {
          c.pipeline = false;
        }
        // The first failure is the cause (after a refused BEGIN message, the statement only reports
        // the aborted transaction).
        if (beginning.status === 'rejected') throw beginning.reason;
        if (statement.status === 'rejected') throw statement.reason;
        return statement.value;
      };
      const { tx, slot } = transactionOf(client);
      slot.query = query;
      let broken: Error | undefined;
      try {
        const result = await fn(tx);
        if (begun) await client.query(timed('COMMIT'));
        return result;
      } catch (error) {
        // A connection that timed out or broke is discarded, not asked to roll back (that would
        // wait out a second timeout); the server rolls back when the connection goes.
        if (isDatabaseUnavailable(error)) broken = error as Error;
        else if (begun) {
          await client.query('ROLLBACK').catch((e: Error) => {
            broken = e;
          });
        }
        throw error;
      } finally {
        slot.query = () => Promise.reject(new Error('transaction over'));
        client.release(broken);
      }
    };
    query = async <T>(text: string, params: unknown[]) => (await p.query(text, params)).rows as T[];
  }

  return {
    kind,
    orm,
    pglite,
    pool,
    scoped,
    system: (fn) => scoped({ system: true }, fn),
    query,
    migrate: doMigrate,
    close,
  };
}

/**
 * Every process migrates when it starts. On PostgreSQL one of them takes a session advisory lock and
 * applies what is missing in its own connection; the others wait on the lock, then find nothing
 * left to do. Without it, two processes started together on a new database both create the
 * migration table and one of them fails.
 */
async function migrateOnce(options: pg.PoolConfig): Promise<void> {
  // A connection of its own, without the pool's limit per statement: waiting for another process's
  // migrations, or one long migration (an index on a large table), may take longer than a request.
  const client = new pg.Client({ ...options, query_timeout: undefined });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await client.end();
  }
}
