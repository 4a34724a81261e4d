import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';

/**
 * Migrates once per run: a PGlite data-dir dump every test file starts from, or, with
 * TEST_DATABASE_URL and TEST_DB=pg, a PostgreSQL template database each file clones.
 */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'wac-test-'));
  process.env.WAC_TEST_TMP = dir;
  if (process.env.TEST_DB === 'pg') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
    const name = `wac_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const db = await openDatabase({ databaseUrl: withDatabase(url, name) });
    await db.migrate();
    await db.close();
    process.env.WAC_TEST_PG_TEMPLATE = name;
    return async () => {
      const res = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `wac_t_${process.pid}_%`,
      ]);
      for (const r of res.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const db = await openDatabase({ dataDir: 'memory://' });
  await db.migrate();
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.WAC_TEST_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
