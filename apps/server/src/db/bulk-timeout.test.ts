import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../lib/sql';
import { withDatabase } from '../test/global-setup';
import { BULK_TIMEOUT_MS, type Database, isDatabaseUnavailable, openDatabase } from './client';

/**
 * A statement has 5 s (here 400 ms) before the pool gives up on the database; an admin's bulk
 * change (Scope.bulk: a policy for a whole company) gets a minute instead, bounded on the database
 * too. On the machine's PostgreSQL, like the other pool tests, whatever TEST_DB says.
 */
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('the per-statement limit of a bulk transaction', () => {
  const name = `wac_bulk_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  let admin: pg.Client;
  let db: Database;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    db = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2, queryTimeoutMs: 400 });
    await db.migrate();
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('gives up on a slow statement after the pool limit, as a database outage', async () => {
    const failed = await db.scoped({}, (tx) => rows(tx, sql`select pg_sleep(0.8)`)).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    // The pool is still usable afterwards.
    const [row] = await db.scoped({}, (tx) => rows<{ n: number }>(tx, sql`select 1 as n`));
    expect(row?.n).toBe(1);
  });

  it('lets every statement of a bulk transaction run past it, with the database holding the limit', async () => {
    const result = await db.scoped({ bulk: true }, async (tx) => {
      const [limit] = await rows<{ statement_timeout: string }>(tx, sql`show statement_timeout`);
      await rows(tx, sql`select pg_sleep(0.8)`);
      await rows(tx, sql`select pg_sleep(${0.5})`);
      return limit?.statement_timeout;
    });
    expect(result).toBe(`${BULK_TIMEOUT_MS / 60_000}min`);
  });

  it('keeps the limit to its own transaction', async () => {
    await db.scoped({ bulk: true }, (tx) => rows(tx, sql`select 1`));
    const [limit] = await db.scoped({}, (tx) => rows<{ statement_timeout: string }>(tx, sql`show statement_timeout`));
    expect(limit?.statement_timeout).toBe('0');
  });
});
