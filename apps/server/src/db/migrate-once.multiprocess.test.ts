// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../test/cluster';
import { withDatabase } from '../test/global-setup';

/**
 * Real server processes launched at the same instant: one applies the migrations under the
 * advisory lock, the others wait and find nothing to do, every process ends up healthy and each
 * migration is recorded exactly once — on a new, empty database and on one a release behind.
 */
const MIGRATIONS = new URL('./migrations', import.meta.url).pathname;
const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const clusters: Cluster[] = [];
const work = mkdtempSync(join(tmpdir(), 'wac-migrate-once-'));
let olderDb: string | undefined;

afterAll(async () => {
  for (const c of clusters) await c.close();
  if (olderDb) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${olderDb} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
}, 60_000);

async function expectMigratedOnce(cluster: Cluster) {
  for (const port of cluster.ports) {
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  }
  const applied = await cluster.db.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations', []);
  expect(applied).toHaveLength(journal.entries.length);
  expect(new Set(applied.map((r) => r.hash)).size).toBe(applied.length);
}

it('migrates once when three processes start together on an empty database', async () => {
  const cluster = await startCluster({ ports: [3420, 3421, 3422], label: 'mig', together: true });
  clusters.push(cluster);
  await expectMigratedOnce(cluster);
}, 120_000);

it('brings a database one migration behind up to date once when two processes start together', async () => {
  // The previous release's migrations: the same folder without the newest entry.
  const previous = join(work, 'migrations');
  cpSync(MIGRATIONS, previous, { recursive: true });
  const last = journal.entries.at(-1);
  writeFileSync(
    join(previous, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
  );
  rmSync(join(previous, `${last.tag}.sql`));
  olderDb = `wac_mig_older_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${olderDb}`);
  await admin.end();
  const databaseUrl = withDatabase(adminUrl, olderDb);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  await migrate(drizzle(pool), { migrationsFolder: previous });
  await pool.end();

  const cluster = await startCluster({ ports: [3423, 3424], label: 'migold', together: true, databaseUrl });
  clusters.push(cluster);
  await expectMigratedOnce(cluster);
}, 120_000);
