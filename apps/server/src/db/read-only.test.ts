import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { rows } from '../lib/sql';
import { withDatabase } from '../test/global-setup';
import { type Database, openDatabase } from './client';
import { createCompany } from './seed/factories';

/**
 * Decision 027: a read's transaction (a GET's) begins read-only, so the database refuses any write
 * in it (a read that turns out to write runs again as an ordinary transaction); on PostgreSQL its COMMIT is owed and paid with the connection's next BEGIN, or alone once
 * the connection has been idle a moment (OWED_COMMIT_MS). One connection, so every step below reuses it.
 */
type Opened = { db: Database; drop(): Promise<void> };

/** A database with one company for a describe block, and the reads and writes the tests use. */
function withCompany(open: () => Promise<Opened>) {
  const f = { db: undefined as unknown as Database, drop: async () => {}, companyId: '' };
  beforeAll(async () => {
    ({ db: f.db, drop: f.drop } = await open());
    f.companyId = await f.db.system(async (tx) => (await createCompany(tx, { name: 'Acme', subDomain: 'acme' })).id);
  }, 60_000);
  afterAll(() => f.drop());
  return {
    f,
    teamNames: () =>
      f.db.scoped({ companyId: f.companyId, system: true }, async (tx) =>
        (await rows<{ name: string }>(tx, sql`SELECT name FROM teams ORDER BY name`)).map((r) => r.name),
      ),
    insertTeam: (name: string, readOnly: boolean) =>
      f.db.scoped({ companyId: f.companyId, readOnly }, (tx) =>
        tx.execute(sql`INSERT INTO teams (company_id, name) VALUES (${f.companyId}, ${name})`),
      ),
    readOnlySetting: (readOnly: boolean) =>
      f.db.scoped({ companyId: f.companyId, readOnly }, async (tx) => {
        const [r] = await rows<{ ro: string }>(tx, sql`SELECT current_setting('transaction_read_only') AS ro`);
        return r?.ro;
      }),
  };
}

describe('a read-only transaction', () => {
  const { f, teamNames, insertTeam, readOnlySetting } = withCompany(() => openTestDatabase({ poolSize: 1 }));
  const db = () => f.db;
  it('begins read-only, and an ordinary one does not', async () => {
    expect(await readOnlySetting(true)).toBe('on');
    expect(await readOnlySetting(false)).toBe('off');
  });

  it('is refused a write by the database, and then runs once more as an ordinary transaction: the write happens once', async () => {
    const before = db().readsRunAgain();
    await insertTeam('Once', true);
    expect((await teamNames()).filter((n) => n === 'Once')).toEqual(['Once']);
    expect(db().readsRunAgain()).toBe(before + 1);
  });

  it('leaves the next transaction on its connection writable, and that write is committed', async () => {
    expect(await readOnlySetting(true)).toBe('on');
    await insertTeam('Written', false);
    expect(await readOnlySetting(false)).toBe('off');
    expect(await teamNames()).toContain('Written');
  });
});

/**
 * A PostgreSQL database for the owed-COMMIT tests, whatever TEST_DB says (an owed COMMIT exists
 * on PostgreSQL only): the suite's template when it runs on PostgreSQL, else a fresh migrated one.
 */
async function openPg(opts: { poolSize: number; owedCommitMs?: number }): Promise<Opened> {
  if (process.env.TEST_DB === 'pg') return openTestDatabase(opts);
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `wac_t_ro_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const opened = await openDatabase({ databaseUrl: withDatabase(url, name), ...opts });
  await opened.migrate();
  return {
    db: opened,
    async drop() {
      await opened.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe('an owed COMMIT (PostgreSQL)', () => {
  const { f, teamNames, readOnlySetting: setting } = withCompany(() => openPg({ poolSize: 1 }));
  const readOnlySetting = () => setting(true);

  it('is paid before any other use of the connection: a statement outside `scoped` runs on its own', async () => {
    expect(await readOnlySetting()).toBe('on');
    // The pool's only connection: had the read-only transaction still been open, this would run in it.
    const [r] = await f.db.query<{ ro: string; open: boolean }>(
      `SELECT current_setting('transaction_read_only') AS ro, now() = statement_timestamp() AS open`,
      [],
    );
    expect(r).toEqual({ ro: 'off', open: true });
  });

  it('is paid by the ORM’s own transactions too, which then write', async () => {
    expect(await readOnlySetting()).toBe('on');
    await f.db.orm.transaction((tx) =>
      tx.execute(sql`INSERT INTO teams (company_id, name) VALUES (${f.companyId}, 'By the ORM')`),
    );
    expect(await teamNames()).toContain('By the ORM');
  });

  it('is paid alone once the connection is idle, so no transaction stays open', { timeout: 60_000 }, async () => {
    // A pool whose connection owes its COMMIT for two seconds (a generous margin to look at it), and a
    // second pool to look from.
    const { db: owing, drop: dropOwing } = await openPg({ poolSize: 1, owedCommitMs: 2_000 });
    const { db: watcher, drop: dropWatcher } = await openPg({ poolSize: 1 });
    try {
      const watched = (await owing.query<{ d: string }>('SELECT current_database() AS d', []))[0]?.d;
      const stateOf = async () =>
        (
          await watcher.query<{ state: string }>(
            'SELECT state FROM pg_stat_activity WHERE datname = $1 AND backend_type = $2',
            [watched, 'client backend'],
          )
        ).map((r) => r.state);
      await owing.scoped({ system: true, readOnly: true }, (tx) => tx.execute(sql`SELECT 1`));
      expect(await stateOf()).toEqual(['idle in transaction']);
      await new Promise((r) => setTimeout(r, 3_000));
      expect(await stateOf()).toEqual(['idle']);
    } finally {
      await dropWatcher();
      await dropOwing();
    }
  });
});
