import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
let token: string;
const trialEnd = new Date('2026-12-01T00:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
  const ids = await t.db.system(async (tx) => {
    const fresh = await createCompany(tx, { name: 'Fresh', subDomain: 'fresh' });
    await tx.update(companies).set({ trialEndsAt: trialEnd }).where(eq(companies.id, fresh.id));
    const a = await createUser(tx, { email: 'first@fresh.test' });
    await addMembership(tx, fresh.id, a.id, { roles: ['admin'] });
    return { fresh: fresh.id, a: a.id };
  });
  token = (await tokenFor(t.app, ids.a, ids.fresh)).token;
});
afterAll(() => t.close());

describe('dashboard summary', () => {
  it('says what a new company has and when its trial ends, for the first-run checklist', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/dashboard/summary', host: 'fresh', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      members: 1,
      admins: 1,
      teams: 0,
      disabledMembers: 0,
      pendingJoinRequests: 0,
      pendingInvitations: 0,
      plan: 'pro-plan-monthly',
      trialEndsAt: trialEnd.toISOString(),
      timeZone: 'UTC',
    });
  });
});
