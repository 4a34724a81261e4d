import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../test/harness';

/**
 * Decision 026: a read request whose context (company, session, roles, membership) this process
 * remembers skips the lookup; its first transaction proves the context still holds, and a request
 * that ran none is proved before its answer leaves. Every change below is made straight in the
 * database, as another process would make it, so the only way the server can see it is that proof.
 */
let t: TestContext;
let ids: Record<'acme' | 'ann' | 'bob' | 'dee' | 'eve', string>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const ann = await createUser(tx, { email: 'ann@acme.test' });
    const bob = await createUser(tx, { email: 'bob@acme.test' });
    const dee = await createUser(tx, { email: 'dee@acme.test' });
    const eve = await createUser(tx, { email: 'eve@acme.test' });
    await addMembership(tx, acme.id, ann.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, bob.id);
    await addMembership(tx, acme.id, dee.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, eve.id, { roles: ['admin'] });
    return { acme: acme.id, ann: ann.id, bob: bob.id, dee: dee.id, eve: eve.id };
  });
});
afterAll(() => t.close());

/** The context counters of /api/metrics' registry: looked up, remembered, replayed. */
async function counts() {
  const metric = await t.app.metrics.registry.getSingleMetric('http_request_contexts_total')!.get();
  const of = (source: string) => metric.values.find((v) => v.labels.source === source)?.value ?? 0;
  return { lookedUp: of('looked_up'), remembered: of('remembered'), replayed: of('replayed') };
}
const since = async (before: Awaited<ReturnType<typeof counts>>) => {
  const now = await counts();
  return {
    lookedUp: now.lookedUp - before.lookedUp,
    remembered: now.remembered - before.remembered,
    replayed: now.replayed - before.replayed,
  };
};

const members = (token: string) => call(t.app, { method: 'GET', url: '/api/members', host: 'acme', token });
const setRoles = (userId: string, roles: string[]) =>
  t.db.system((tx) =>
    tx.execute(
      sql`UPDATE memberships SET roles = ${`{${roles.join(',')}}`}::text[] WHERE user_id = ${userId} AND company_id = ${ids.acme}`,
    ),
  );

describe('a remembered request context', () => {
  it('answers a read without the lookup, proved in its own transaction, and nothing is answered twice', async () => {
    const { token } = await tokenFor(t.app, ids.ann, ids.acme);
    const before = await counts();
    for (let i = 0; i < 5; i++) expect((await members(token)).statusCode).toBe(200);
    expect(await since(before)).toEqual({ lookedUp: 1, remembered: 4, replayed: 0 });
  });

  it('always looks the context up for a write', async () => {
    const { token } = await tokenFor(t.app, ids.ann, ids.acme);
    expect((await members(token)).statusCode).toBe(200);
    const before = await counts();
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/teams',
      host: 'acme',
      token,
      payload: { name: 'Remembered' },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect((await since(before)).lookedUp).toBe(1);
  });

  it('refuses the very next read of a session revoked elsewhere', async () => {
    const { token, sessionId } = await tokenFor(t.app, ids.ann, ids.acme);
    expect((await members(token)).statusCode).toBe(200);
    await t.db.system((tx) => tx.execute(sql`UPDATE sessions SET revoked_at = now() WHERE id = ${sessionId}`));
    const before = await counts();
    const res = await members(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_REVOKED');
    expect((await since(before)).replayed).toBe(1);
    // The connection that refused the transaction serves the next requests as before.
    const other = (await tokenFor(t.app, ids.eve, ids.acme)).token;
    const answers = await Promise.all(Array.from({ length: 12 }, () => members(other)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
  });

  it('refuses the next read of an admin whose role was taken away elsewhere', async () => {
    const { token } = await tokenFor(t.app, ids.dee, ids.acme);
    expect((await members(token)).statusCode).toBe(200);
    await setRoles(ids.dee, ['member']);
    const res = await members(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('lets a member given a role elsewhere in on the next read, though the remembered context would refuse', async () => {
    const { token } = await tokenFor(t.app, ids.bob, ids.acme);
    expect((await members(token)).statusCode).toBe(403);
    await setRoles(ids.bob, ['admin', 'member']);
    const before = await counts();
    // Refused before any transaction (the permission check): proved before the answer leaves.
    const res = await members(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().totalItems).toBe(4);
    expect((await since(before)).replayed).toBe(1);
    await setRoles(ids.bob, ['member']);
  });

  it('answers 503 when a changed context cannot be answered again (the app closing), never the stale answer', async () => {
    const { token } = await tokenFor(t.app, ids.bob, ids.acme);
    expect((await members(token)).statusCode).toBe(403);
    await setRoles(ids.bob, ['admin', 'member']);
    const app = t.app as unknown as { inject: (opts: { headers?: Record<string, string> }) => Promise<unknown> };
    const inject = app.inject.bind(t.app);
    // The fault: the fresh answer's own request fails, as it does while the app closes.
    app.inject = (opts) => (opts.headers?.['x-wac-replay'] ? Promise.reject(new Error('closing')) : inject(opts));
    try {
      const res = await members(token);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      app.inject = inject;
      await setRoles(ids.bob, ['member']);
    }
  });

  it('refuses a streamed export of a session revoked elsewhere, with no row of it sent', async () => {
    const { token, sessionId } = await tokenFor(t.app, ids.eve, ids.acme);
    const url = '/api/members/export.csv';
    expect((await call(t.app, { method: 'GET', url, host: 'acme', token })).statusCode).toBe(200);
    await t.db.system((tx) => tx.execute(sql`UPDATE sessions SET revoked_at = now() WHERE id = ${sessionId}`));
    const res = await call(t.app, { method: 'GET', url, host: 'acme', token });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).not.toContain('ann@acme.test');
  });

  it('answers a company disabled elsewhere as disabled on the next read', async () => {
    const { token } = await tokenFor(t.app, ids.ann, ids.acme);
    expect((await members(token)).statusCode).toBe(200);
    await t.db.system((tx) => tx.execute(sql`UPDATE companies SET enabled = false WHERE id = ${ids.acme}`));
    try {
      const res = await members(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('COMPANY_DISABLED');
    } finally {
      await t.db.system((tx) => tx.execute(sql`UPDATE companies SET enabled = true WHERE id = ${ids.acme}`));
    }
  });

  it('answers the same with CONTEXT_CACHE off, looking every context up', async () => {
    const off = await createTestApp({ config: { contextCache: false } });
    try {
      const [acme, ann] = await off.db.system(async (tx) => {
        const c = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
        const u = await createUser(tx, { email: 'ann@acme.test' });
        await addMembership(tx, c.id, u.id, { roles: ['admin'] });
        return [c.id, u.id];
      });
      const { token } = await tokenFor(off.app, ann, acme);
      for (let i = 0; i < 3; i++) {
        expect((await call(off.app, { method: 'GET', url: '/api/members', host: 'acme', token })).statusCode).toBe(200);
      }
      const metric = await off.app.metrics.registry.getSingleMetric('http_request_contexts_total')!.get();
      const of = (source: string) => metric.values.find((v) => v.labels.source === source)?.value ?? 0;
      expect([of('looked_up'), of('remembered'), of('replayed')]).toEqual([3, 0, 0]);
    } finally {
      await off.close();
    }
  });
});

describe('the check in a transaction (db.scoped)', () => {
  const context = async (sid: string, uid: string) => {
    const [row] = await t.db.query<{ digest: string }>(
      `SELECT app_context_digest(c.company_id, c.sub_domain, c.name, c.company_enabled, c.session_found, c.revoked_at,
              c.expires_at, c.user_roles, c.membership_id, c.membership_enabled, c.membership_roles) AS digest
         FROM app_request_context('acme', $1, $2) c`,
      [sid, uid],
    );
    return row!.digest;
  };
  const teamNamed = (name: string) =>
    t.db.system(async (tx) => (await tx.execute(sql`SELECT count(*)::int AS n FROM teams WHERE name = ${name}`)).rows);

  it('runs nothing of a transaction whose context changed, and proves one that holds', async () => {
    const { sessionId } = await tokenFor(t.app, ids.ann, ids.acme);
    const digest = await context(sessionId, ids.ann);
    const check = { label: 'acme', sid: sessionId, uid: ids.ann, digest, state: 'pending' as const };
    const write = (name: string) => (tx: Parameters<Parameters<typeof t.db.system>[0]>[0]) =>
      tx.execute(sql`INSERT INTO teams (company_id, name) VALUES (${ids.acme}, ${name})`);

    const stale = { ...check, digest: 'not-the-digest' };
    await expect(t.db.scoped({ companyId: ids.acme, userId: ids.ann, check: stale }, write('Never'))).rejects.toThrow();
    expect(stale.state).toBe('changed');
    expect(await teamNamed('Never')).toEqual([{ n: 0 }]);

    const holds = { ...check };
    await t.db.scoped({ companyId: ids.acme, userId: ids.ann, check: holds }, write('Proved'));
    expect(holds.state).toBe('verified');
    expect(await teamNamed('Proved')).toEqual([{ n: 1 }]);
  });
});
