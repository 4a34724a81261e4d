import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { proving } from './context-check';
import { openEmbedded } from './embedded';
import { PreparingClient } from './pg-client';
import { pgScoped } from './pg-scoped';
import { APP_ROLE, isReadOnlyRefusal, OWED_COMMIT_MS, type Orm, type Scope, type Tx } from './scope';
import * as schema from './schema/index';

export {
  BULK_TIMEOUT_MS,
  CommitOutcomeUnknown,
  isCommitOutcomeUnknown,
  isDatabaseUnavailable,
  OWED_COMMIT_MS,
  type Orm,
  type Scope,
  type Tx,
} from './scope';

const MIGRATIONS = new URL('./migrations', import.meta.url).pathname;
/** pg_advisory_lock key of the migration run (any constant unique to this application). */
const MIGRATION_LOCK = 7_140_529_318;

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
  /**
   * PostgreSQL: opens every connection of the pool at once (the server calls it once migrated), so
   * the first requests after a start do not each wait for a connection to be made; the pool keeps
   * them (a fixed-size pool). PGlite: nothing to open.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
  /** How many read-only transactions were refused a write and run again (decision 027); 0 is right. */
  readsRunAgain(): number;
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
  /** PostgreSQL only: how long an idle connection may owe a read's COMMIT (decision 027). */
  owedCommitMs?: number;
}

const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 5_000;

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
      // A fixed-size pool: connections once made are kept, not closed after 10 s idle (the default),
      // so a screen opened after a quiet minute does not pay ten new backends at once (a connection
      // is ~10 ms to make, and its backend loads its catalogs on first use; bench/RESULTS.md, Stats
      // cold). A connection the server ends is still dropped (the 'error' listener below).
      min: opts.poolSize ?? 10,
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

  const readOnlySql = (scope: Scope) =>
    scope.readOnly ? sql`, set_config('transaction_read_only', 'on', true)` : sql``;
  const scopeSql = (scope: Scope) =>
    sql`select set_config('role', ${APP_ROLE}, true),
               set_config('app.company_id', ${scope.companyId ?? ''}, true),
               set_config('app.user_id', ${scope.userId ?? ''}, true),
               set_config('app.scope', ${scope.system ? 'system' : ''}, true),
               set_config('plan_cache_mode', 'force_generic_plan', true)${readOnlySql(scope)}`;

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
    const onPg = pgScoped(p, orm, opts.owedCommitMs ?? OWED_COMMIT_MS);
    scoped = onPg.scoped;
    const endPool = close;
    close = async () => {
      onPg.stop();
      await endPool();
    };
    query = async <T>(text: string, params: unknown[]) => (await p.query(text, params)).rows as T[];
  }

  // A read that turns out to write (or to lock a row for update) is refused by the database; it is
  // run once more as an ordinary transaction, so the request is answered, and said on stderr so
  // that its code is mended (decision 027). The refused attempt changed nothing.
  const scopedOnce = scoped;
  let runAgain = 0;
  const scopedReading = async <T>(scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    if (!scope.readOnly) return scopedOnce(scope, fn);
    try {
      return await scopedOnce(scope, fn);
    } catch (error) {
      if (!isReadOnlyRefusal(error)) throw error;
      process.stderr.write(
        `database: a read wrote, run again read-write: ${(error as Error).message.split('\n')[0]}\n`,
      );
      runAgain++;
      return scopedOnce({ ...scope, readOnly: false }, fn);
    }
  };

  return {
    kind,
    orm,
    pglite,
    pool,
    scoped: scopedReading,
    system: (fn) => scoped({ system: true }, fn),
    query,
    migrate: doMigrate,
    warm: async () => {
      if (!pool) return;
      const p = pool;
      // Each connection runs what every request's transaction starts with (the app role, the scope
      // settings), so its backend has loaded those before the first request.
      const clients = await Promise.all(Array.from({ length: p.options.max }, () => p.connect()));
      try {
        await Promise.all(
          clients.map(async (c) => {
            await c.query('BEGIN');
            await c.query(
              `select set_config('role', $1, true), set_config('app.company_id', '', true),
                      set_config('app.user_id', '', true), set_config('app.scope', '', true),
                      set_config('plan_cache_mode', 'force_generic_plan', true)`,
              [APP_ROLE],
            );
            await c.query('ROLLBACK');
          }),
        );
      } finally {
        for (const c of clients) c.release();
      }
    },
    close,
    readsRunAgain: () => runAgain,
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
