import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema/index';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
const tokens: Record<string, string> = {};
const day = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await t.db.system(async (tx) => {
    const a = await createCompany(tx, { name: 'Alpha', subDomain: 'alpha' });
    const b = await createCompany(tx, { name: 'Beta', subDomain: 'beta' });
    const c = await createCompany(tx, { name: 'Gamma', subDomain: 'gamma' });
    // Beta's trial ends in 3 days, Gamma's in 20; Alpha is disabled with a trial ending tomorrow.
    await tx
      .update(companies)
      .set({ trialEndsAt: new Date(Date.now() + 3 * day) })
      .where(eq(companies.id, b.id));
    await tx
      .update(companies)
      .set({ trialEndsAt: new Date(Date.now() + 20 * day) })
      .where(eq(companies.id, c.id));
    await tx
      .update(companies)
      .set({ enabled: false, trialEndsAt: new Date(Date.now() + day) })
      .where(eq(companies.id, a.id));
    const sr = await createUser(tx, { email: 'reader@platform.test', roles: ['super_admin'] });
    const admin = await createUser(tx, { email: 'admin@beta.test' });
    await addMembership(tx, b.id, admin.id, { roles: ['admin'] });
    // Three people: one in Beta and Gamma (two memberships), one disabled in Gamma, one in disabled Alpha.
    const p1 = await createUser(tx, { email: 'p1@x.test' });
    const p2 = await createUser(tx, { email: 'p2@x.test' });
    const p3 = await createUser(tx, { email: 'p3@x.test' });
    await addMembership(tx, b.id, p1.id);
    await addMembership(tx, c.id, p1.id);
    await addMembership(tx, c.id, p2.id, { enabled: false });
    await addMembership(tx, a.id, p3.id);
    // p3 signed up five weeks ago.
    await tx.update(users).set({ createdAt: sql`now() - interval '35 days'` }).where(eq(users.id, p3.id));
    return { sr: sr.id, admin: admin.id, b: b.id };
  });
  tokens.super = (await tokenFor(t.app, ids.sr, null)).token;
  tokens.admin = (await tokenFor(t.app, ids.admin, ids.b)).token;
});
afterAll(() => t.close());

const get = (token: string | undefined, host: string | null = null) =>
  call(t.app, { method: 'GET', url: '/api/companies/stats', host, token });

describe('platform stats', () => {
  it('counts companies, active members, sign-ups by week and trials ending within 7 days', async () => {
    const res = await get(tokens.super);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s.companies).toEqual({ total: 3, enabled: 2, onTrial: 2 });
    // Beta: admin + p1; Gamma: p1 (p2 disabled); Alpha is disabled.
    expect(s.activeMembers).toBe(3);
    expect(s.users).toBe(5);
    expect(s.signups).toHaveLength(12);
    const weeks = s.signups.map((w: { weekStart: string }) => w.weekStart);
    expect([...weeks].sort()).toEqual(weeks);
    expect(new Date(`${weeks[11]}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(s.signups[11].users).toBe(4);
    expect(s.signups.reduce((n: number, w: { users: number }) => n + w.users, 0)).toBe(5);
    expect(s.trialsEndingSoon.map((c: { subDomain: string }) => c.subDomain)).toEqual(['beta']);
  });

  it('is for super admins only: a company admin and an anonymous caller are refused', async () => {
    expect((await get(tokens.admin, 'beta')).statusCode).toBe(403);
    expect((await get(undefined)).statusCode).toBe(401);
  });
});
