/**
 * Seeds the benchmark dataset: 1,000 companies, 1,000,000 users, ~1,003,000 memberships, one
 * company ("bigco") of 100,000 members. PostgreSQL by default; `--pglite <dir>` for the embedded
 * database at the smaller scale.
 *
 *   node --import tsx bench/seed-scale.ts                       # PostgreSQL, database wac_bench
 *   node --import tsx bench/seed-scale.ts --pglite bench/.out/pglite-10k
 *   options: --database-url postgres://…/wac_bench  --users N --companies N --bigco N
 */
import { mkdirSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/password';
import {
  BENCH_PASSWORD,
  BULK_TABLES,
  DROPPABLE_INDEXES_SQL,
  EMBEDDED_SCALE,
  FULL_SCALE,
  type Scale,
  seedStatements,
} from './lib/dataset';
import { DEFAULT_BENCH_DB_URL, ms, withDatabase } from './lib/util';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: DEFAULT_BENCH_DB_URL },
    pglite: { type: 'string' },
    users: { type: 'string' },
    companies: { type: 'string' },
    bigco: { type: 'string' },
  },
});

const base = args.pglite ? EMBEDDED_SCALE : FULL_SCALE;
const scale: Scale = {
  users: Number(args.users ?? base.users),
  companies: Number(args.companies ?? base.companies),
  bigcoMembers: Number(args.bigco ?? base.bigcoMembers),
};

/** The few operations the loader needs, on either engine. */
interface Runner {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const r = await fn();
  console.log(`  ${label.padEnd(40)} ${ms(performance.now() - t0)}`);
  return r;
}

async function openPostgres(url: string): Promise<Runner> {
  const dbName = new URL(url).pathname.slice(1);
  if (!/bench/.test(dbName))
    throw new Error(`refusing to recreate ${dbName}: benchmark databases have "bench" in their name`);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  await timed('migrations', async () => {
    const db = await openDatabase({ databaseUrl: url, poolSize: 1 });
    await db.migrate();
    await db.close();
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The load is rebuilt from scratch on any failure, so durability per statement buys nothing.
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  return {
    query: async (text, params) => (await client.query(text, params)).rows,
    close: () => client.end(),
  };
}

async function openPglite(dir: string): Promise<Runner> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = await timed('initdb + migrations (PGlite)', async () => {
    const d = await openDatabase({ dataDir: dir });
    await d.migrate();
    return d;
  });
  const lite = db.pglite!;
  return {
    query: async <T>(text: string, params?: unknown[]) => (await lite.query<T>(text, params)).rows,
    close: () => db.close(),
  };
}

const started = performance.now();
const target = args.pglite ? `PGlite at ${args.pglite}` : `PostgreSQL ${args['database-url']}`;
console.log(
  `Seeding ${target}: ${scale.companies} companies, ${scale.users} users, bigco ${scale.bigcoMembers} members`,
);
const passwordHash = await timed('one Argon2id hash', () => hashPassword(BENCH_PASSWORD));
const db = args.pglite ? await openPglite(args.pglite) : await openPostgres(args['database-url']);

const indexes = await db.query<{ indexname: string; indexdef: string }>(DROPPABLE_INDEXES_SQL, [BULK_TABLES]);
await timed(`drop ${indexes.length} secondary indexes`, async () => {
  for (const i of indexes) await db.query(`DROP INDEX "${i.indexname}"`);
});
for (const s of seedStatements(scale, passwordHash)) {
  await db.query(`SET session_replication_role = ${s.fireTriggers ? 'origin' : 'replica'}`);
  await timed(s.label, () => db.query(s.sql));
}
await db.query('SET session_replication_role = origin');
for (const i of indexes) await timed(`index ${i.indexname}`, () => db.query(i.indexdef));
await timed('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));

const sizes = await db.query<{ table: string; rows: string; table_size: string; index_size: string }>(`
  SELECT c.relname AS table, c.reltuples::bigint::text AS rows,
         pg_size_pretty(pg_table_size(c.oid)) AS table_size, pg_size_pretty(pg_indexes_size(c.oid)) AS index_size
  FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
  WHERE ns.nspname = 'public' AND c.relkind = 'r' AND c.relname IN ('users', 'memberships', 'member_search', 'member_stats', 'companies')
  ORDER BY pg_total_relation_size(c.oid) DESC`);
const [total] = await db.query<{ size: string }>(`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`);
await db.close();

console.log(`\nSeeded in ${ms(performance.now() - started)} (database ${total?.size})`);
console.table(sizes);
