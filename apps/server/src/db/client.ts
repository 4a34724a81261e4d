import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { type NodePgDatabase, drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
}

const MIGRATIONS = new URL('./migrations', import.meta.url).pathname;
const APP_ROLE = 'wac_app';

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
    pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection that the server ends (restart, failover, DROP … WITH FORCE) must not crash
    // the process: the pool drops it and opens a new one on the next query.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') process.stderr.write(`database pool: idle connection lost: ${err.message}\n`);
    });
    const p = pool;
    // An idle connection the server ends (restart, failover, DROP DATABASE … FORCE) is reported
    // here; without a listener node-postgres rethrows it and the process dies. The pool replaces it.
    p.on('error', () => undefined);
    orm = drizzlePg(p, { schema });
    close = () => p.end();
    doMigrate = () => migratePg(orm, { migrationsFolder: MIGRATIONS });
  } else {
    kind = 'pglite';
    const dataDir = opts.dataDir ?? 'memory://';
    const db = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
      extensions: { pg_trgm, btree_gin },
      loadDataDir: opts.loadDataDir,
    });
    pglite = db;
    orm = drizzlePglite(db, { schema }) as unknown as Orm;
    close = () => db.close();
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
    scoped = async <T>(scope: Scope, fn: (tx: Tx) => Promise<T>) => {
      const client = await p.connect();
      const lit = (v: string) => client.escapeLiteral(v);
      let broken: Error | undefined;
      try {
        await client.query(
          `BEGIN; SELECT set_config('role', ${lit(APP_ROLE)}, true), set_config('app.company_id', ${lit(scope.companyId ?? '')}, true), set_config('app.user_id', ${lit(scope.userId ?? '')}, true), set_config('app.scope', ${lit(scope.system ? 'system' : '')}, true), set_config('plan_cache_mode', 'force_generic_plan', true)`,
        );
        const session = new NodePgSession(
          client,
          internals.dialect,
          internals.session.schema,
          internals.session.options,
        );
        const tx = new NodePgTransaction(internals.dialect, session, internals.session.schema) as unknown as Tx;
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((e: Error) => {
          broken = e;
        });
        throw error;
      } finally {
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
