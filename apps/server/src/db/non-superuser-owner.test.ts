import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createMemoryBus } from '../lib/bus';
import { withDatabase } from '../test/global-setup';
import { call, tokenFor } from '../test/harness';
import { rows } from '../lib/sql';
import { type Database, openDatabase, type Tx } from './client';
import { auditLog } from './schema/index';
import { addMembership, createCompany, createUser } from './seed/factories';

/**
 * Production runs the server as the database's owner, not as a superuser (who would bypass
 * row-level security and may set anything). On the machine's PostgreSQL (like the multi-process
 * tests, whatever TEST_DB says): a fresh role with LOGIN, CREATEROLE (migration 0001 creates
 * wac_app) and a database it owns; the migrations run as that role, and the request context, the
 * scoped listing, the search definer functions and the counter triggers work under it — with
 * row-level security really applying to the owner (FORCE).
 */
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('a non-superuser database owner', () => {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 10);
  const role = `wac_owner_${suffix}`;
  const name = `wac_owner_db_${suffix}`;
  let admin: pg.Client;
  let db: Database;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN CREATEROLE NOSUPERUSER`);
    await admin.query(`CREATE DATABASE ${name} OWNER ${role}`);
    const owned = new URL(withDatabase(url, name));
    owned.username = role;
    owned.password = '';
    db = await openDatabase({ databaseUrl: owned.toString(), poolSize: 2 });
    await db.migrate();
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP OWNED BY ${role}`).catch(() => undefined);
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });

  it('migrates, and serves a scoped, searched, counted member listing', async () => {
    const [owner] = await db.query<{ rolsuper: boolean }>(
      'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
      [],
    );
    expect(owner?.rolsuper).toBe(false);
    const ids = await db.system(async (tx) => {
      const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
      const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
      const ann = await createUser(tx, { email: 'ann@acme.test', firstName: 'Ann', lastName: 'Admin' });
      const bo = await createUser(tx, { email: 'bo@acme.test', firstName: 'Bo', lastName: 'Anders' });
      const gil = await createUser(tx, { email: 'gil@globex.test', firstName: 'Gil', lastName: 'Anders' });
      await addMembership(tx, acme.id, ann.id, { roles: ['admin'] });
      await addMembership(tx, acme.id, bo.id);
      await addMembership(tx, globex.id, gil.id);
      return { acme: acme.id, ann: ann.id };
    });
    const app = await buildApp({ config: testConfig(), db, bus: createMemoryBus() });
    await app.ready();
    try {
      const { token } = await tokenFor(app, ids.ann, ids.acme);
      const all = await call(app, { method: 'GET', url: '/api/members', host: 'acme', token });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().totalItems).toBe(2);
      const found = await call(app, { method: 'GET', url: '/api/members?search=anders', host: 'acme', token });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().data.map((m: { email: string }) => m.email)).toEqual(['bo@acme.test']);
      expect(found.json().totalItems).toBe(1);
      // The second read's context was remembered, and proved under this owner (decision 026).
      const contexts = await app.metrics.registry.getSingleMetric('http_request_contexts_total')!.get();
      const of = (source: string) => contexts.values.find((v) => v.labels.source === source)?.value ?? 0;
      expect([of('looked_up'), of('remembered'), of('replayed')]).toEqual([1, 1, 0]);
    } finally {
      await app.close();
    }
    // Row-level security applies to the owner too: a scope of acme sees no globex membership.
    const seen = await db.scoped({ companyId: ids.acme, userId: ids.ann }, (tx) =>
      rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM memberships`),
    );
    expect(seen).toEqual([{ n: 2 }]);
    // And the counters the triggers keep are the owner's to write, not the app role's.
    const counted = await db.system((tx) =>
      rows<{ n: number }>(tx, sql`SELECT n FROM member_stats WHERE company_id = ${ids.acme} AND role = '' AND enabled`),
    );
    expect(counted).toEqual([{ n: 2 }]);
  });

  it('links audit rows at commit: a transaction holding one open does not stop another', async () => {
    const [acme, globex] = await db.system((tx) =>
      rows<{ id: string }>(
        tx,
        sql`SELECT id FROM companies WHERE sub_domain IN ('acme', 'globex') ORDER BY sub_domain`,
      ),
    );
    const a = acme!.id;
    const g = globex!.id;
    const audit = (tx: Tx, company: string, action: string) =>
      tx.insert(auditLog).values({ companyId: company, action, targetType: 'test', after: { action } });
    // A writes its audit row and stays open; B writes and commits meanwhile. Linked at insert, B
    // would wait for A's commit (the chain lock); linked at commit, it goes through.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inserted!: () => void;
    const aInserted = new Promise<void>((r) => {
      inserted = r;
    });
    const txA = db.scoped({ companyId: a }, async (tx) => {
      await audit(tx, a, 'a');
      inserted();
      await held;
    });
    await aInserted;
    const txB = db.scoped({ companyId: a }, (tx) => audit(tx, a, 'b'));
    const first = await Promise.race([txB.then(() => 'b'), new Promise((r) => setTimeout(() => r('timeout'), 3000))]);
    release();
    await Promise.all([txA, txB]);
    expect(first).toBe('b');
    // A rolled-back row leaves no gap; one transaction may write to two chains, several rows each.
    await db
      .scoped({ companyId: a }, async (tx) => {
        await audit(tx, a, 'rolled back');
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await db.system(async (tx) => {
      for (const x of ['c1', 'c2', 'c3']) await audit(tx, a, x);
      await audit(tx, g, 'g1');
      await audit(tx, g, 'g2');
    });
    const chain = (company: string) =>
      db.system((tx) =>
        rows<{ seq: string; action: string; prev_hash: string; hash: string; recomputed: string }>(
          tx,
          sql`SELECT seq, action, prev_hash, hash, audit_row_hash(company_id, seq, prev_hash, actor_user_id, action,
                target_type, target_id, before, after, ip, user_agent, created_at) AS recomputed
                FROM audit_log WHERE company_id = ${company} ORDER BY seq`,
        ),
      );
    for (const [company, actions] of [
      [a, ['b', 'a', 'c1', 'c2', 'c3']],
      [g, ['g1', 'g2']],
    ] as const) {
      const links = await chain(company);
      expect(links.map((l) => l.action)).toEqual(actions);
      links.forEach((l, i) => {
        expect(Number(l.seq)).toBe(i + 1);
        expect(l.prev_hash).toBe(i === 0 ? '' : links[i - 1]!.hash);
        expect(l.hash).toBe(l.recomputed);
      });
      const [head] = await db.system((tx) =>
        rows<{ seq: string; hash: string }>(tx, sql`SELECT seq, hash FROM audit_chain_head(${company}::uuid)`),
      );
      expect(head).toEqual({ seq: String(links.length), hash: links.at(-1)!.hash });
    }
  });
});
