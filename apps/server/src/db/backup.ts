import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from './client';

/**
 * Backups of everything the server keeps: the database holds every row, the audit log and the
 * uploaded images (logos and avatars live in the `files` table, not on disk). The embedded install
 * also keeps its signing secret in its data folder, so the folder is saved whole.
 *
 * - Embedded (no DATABASE_URL): a gzip'd tar of the data folder (PGlite's own dump). The folder is
 *   one process's files, so the server must be stopped; the lock in the folder refuses otherwise.
 * - PostgreSQL: `pg_dump --format=custom` while the server runs (a consistent snapshot), restored
 *   with `pg_restore` into a new, empty database.
 */
export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
}

export class BackupError extends Error {}

export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): BackupTarget {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: resolve(env.DATA_DIR || './data') };
}

export async function backup(target: BackupTarget, file: string): Promise<string> {
  const out = resolve(file);
  if (target.databaseUrl) {
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`, `--dbname=${target.databaseUrl}`]);
    return `PostgreSQL backed up to ${out} (${size(out)})`;
  }
  if (!existsSync(resolve(target.dataDir, 'PG_VERSION'))) {
    throw new BackupError(`No embedded database in ${target.dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
  }
  const db = await openDatabase({ dataDir: target.dataDir });
  try {
    const dump = await db.pglite!.dumpDataDir('gzip');
    writeFileSync(out, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.close();
  }
  return `Embedded database in ${target.dataDir} backed up to ${out} (${size(out)})`;
}

export async function restore(target: BackupTarget, file: string): Promise<string> {
  const from = resolve(file);
  if (!existsSync(from)) throw new BackupError(`No backup file at ${from}.`);
  const head = readFileSync(from).subarray(0, 5);
  if (target.databaseUrl) {
    if (head.toString('latin1') !== 'PGDMP') {
      throw new BackupError(`${from} is not a pg_dump custom-format file (was it made with DATABASE_URL set?).`);
    }
    await prepareEmptyDatabase(target.databaseUrl);
    run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      from,
    ]);
    return `PostgreSQL restored from ${from}`;
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    throw new BackupError(`${from} is not an embedded-database backup (was it made without DATABASE_URL?).`);
  }
  let kept = '';
  if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0) {
    // Locks the current folder (refused while a server runs), then keeps it beside the restored one.
    const current = await openDatabase({ dataDir: target.dataDir });
    await current.close();
    kept = `${target.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target.dataDir, kept);
  }
  const db = await openDatabase({ dataDir: target.dataDir, loadDataDir: new Blob([readFileSync(from)]) });
  try {
    await db.query('select count(*) from companies', []);
  } finally {
    await db.close();
  }
  return `Embedded database restored to ${target.dataDir} from ${from}${kept ? `; the previous folder is kept in ${kept}` : ''}`;
}

/**
 * pg_restore fills a new database. The row-level-security role is a cluster-wide object that a dump
 * does not carry, so it is created here (as the first migration does) before the grants that name it.
 */
async function prepareEmptyDatabase(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    if (rows[0]!.n > 0) {
      const name = new URL(databaseUrl).pathname.slice(1);
      throw new BackupError(
        `The database ${name} already holds tables; restore into a new, empty database (createdb) and point DATABASE_URL at it.`,
      );
    }
    await client.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wac_app') THEN
        CREATE ROLE wac_app NOLOGIN NOBYPASSRLS;
      END IF;
    END $$`);
    await client.query('GRANT wac_app TO CURRENT_USER');
  } finally {
    await client.end();
  }
}

function run(cmd: string, args: string[]) {
  const res = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (res.error && (res.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new BackupError(
      `${cmd} is not installed: install the PostgreSQL client of the server's major version (Debian: apt-get install postgresql-client-15).`,
    );
  }
  if (res.status !== 0) {
    const detail = (res.stderr ?? '').trim().split('\n').slice(-1)[0] ?? '';
    throw new BackupError(`${cmd} failed: ${detail}`);
  }
}

function size(file: string) {
  return `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
}
