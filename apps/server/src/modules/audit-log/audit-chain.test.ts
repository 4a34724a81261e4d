import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { createCtx, forCompany } from '../../lib/context';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { verifyChain } from './verify.service';

let t: TestContext;
let acme: string;
let globex: string;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.db.system(async (tx) => {
    const a = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const g = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const u = await createUser(tx, { email: 'admin@acme.test' });
    const m = await createUser(tx, { email: 'm@acme.test' });
    await addMembership(tx, a.id, u.id, { roles: ['admin'] });
    await addMembership(tx, a.id, m.id);
    return { a: a.id, g: g.id, u: u.id, m: m.id };
  });
  acme = made.a;
  globex = made.g;
  admin = (await tokenFor(t.app, made.u, made.a)).token;
  member = (await tokenFor(t.app, made.m, made.a)).token;
});
afterAll(() => t.close());

const verify = (token = admin) => call(t.app, { method: 'GET', url: '/api/audit-log/verify', host: 'acme', token });
const write = (title: string) =>
  call(t.app, { method: 'POST', url: '/api/policies', host: 'acme', token: admin, payload: { title } });
const exec = (q: ReturnType<typeof sql>) => t.db.system((tx) => tx.execute(q));
const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await exec(q)) as unknown as { rows: T[] }).rows;

describe('tamper-evident audit log', () => {
  it('chains every row of a company and verifies intact', async () => {
    for (let i = 0; i < 5; i++) expect((await write(`P${i}`)).statusCode).toBe(201);
    // Concurrent writers of one company never share a predecessor.
    await Promise.all([1, 2, 3, 4].map((i) => write(`Parallel ${i}`)));
    const chain = await rowsOf<{ seq: string; prev_hash: string; hash: string }>(
      sql`SELECT seq, prev_hash, hash FROM audit_log WHERE company_id = ${acme} ORDER BY seq`,
    );
    expect(chain).toHaveLength(9);
    chain.forEach((r, i) => {
      expect(Number(r.seq)).toBe(i + 1);
      expect(r.prev_hash).toBe(i === 0 ? '' : chain[i - 1]!.hash);
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
    });
    const res = await verify();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ intact: true, checked: 9, firstBroken: null });
    // Another company's chain is its own (empty here) and intact.
    expect(await verifyChain(forCompany(createCtx(t.app), globex))).toMatchObject({ intact: true, checked: 0 });
  });

  it('names the row changed directly in the database', async () => {
    const [victim] = await rowsOf<{ id: string; seq: string }>(
      sql`SELECT id, seq FROM audit_log WHERE company_id = ${acme} AND seq = 4`,
    );
    await exec(sql`UPDATE audit_log SET after = '{"title":"Forged"}'::jsonb WHERE id = ${victim!.id}`);
    const res = (await verify()).json();
    expect(res).toMatchObject({
      intact: false,
      checked: 3,
      firstBroken: { uuid: victim!.id, seq: 4, reason: 'content_changed' },
    });
  });

  it('detects a row re-hashed by the forger (its successor no longer links) and a deleted row', async () => {
    await exec(sql`UPDATE audit_log SET hash = audit_row_hash(company_id, seq, prev_hash, actor_user_id, action, target_type,
      target_id, before, after, ip, user_agent, created_at) WHERE company_id = ${acme} AND seq = 4`);
    const [next] = await rowsOf<{ id: string }>(sql`SELECT id FROM audit_log WHERE company_id = ${acme} AND seq = 5`);
    expect((await verify()).json().firstBroken).toMatchObject({ uuid: next!.id, seq: 5, reason: 'link_broken' });

    await exec(sql`DELETE FROM audit_log WHERE company_id = ${acme} AND seq IN (4, 5)`);
    const [after] = await rowsOf<{ id: string }>(sql`SELECT id FROM audit_log WHERE company_id = ${acme} AND seq = 6`);
    expect((await verify()).json().firstBroken).toMatchObject({ uuid: after!.id, seq: 6, reason: 'row_missing' });
  });

  it('detects the removal of the newest row against the chain head', async () => {
    await exec(sql`DELETE FROM audit_log WHERE company_id = ${acme}`);
    const res = (await verify()).json();
    expect(res).toMatchObject({ intact: false, firstBroken: { uuid: null, seq: 1, reason: 'row_missing' } });
  });

  it('is for the compliance admins only', async () => {
    expect((await verify(member)).statusCode).toBe(403);
  });
});
