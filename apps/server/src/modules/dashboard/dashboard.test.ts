import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificationRecords, companies } from '../../db/schema/index';
import { createCorrectionRequest, createEntry } from '../../db/seed/attendance-factories';
import { companyDay, createCertificationType, recordCertification } from '../../db/seed/certification-factories';
import { createPolicy } from '../../db/seed/compliance-factories';
import { addMembership, createCompany, createUser, setEmployee } from '../../db/seed/factories';
import { createTimeOffRequest, createTimeOffType } from '../../db/seed/time-off-factories';
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

describe('dashboard summary of a company with disabled people', () => {
  it('counts every member once, admins enabled or not, and the disabled ones (from the kept counts)', async () => {
    const ids = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Counted', subDomain: 'counted' });
      const people: Array<[string, string[], boolean]> = [
        ['boss', ['admin'], true],
        ['both', ['admin', 'member'], true],
        ['gone', ['admin'], false],
        ['m1', ['member'], true],
        ['m2', ['member'], false],
        ['m3', ['member'], false],
      ];
      let boss = '';
      let m1 = '';
      for (const [name, roles, enabled] of people) {
        const u = await createUser(tx, { email: `${name}@counted.test` });
        await addMembership(tx, c.id, u.id, { roles, enabled });
        if (name === 'boss') boss = u.id;
        if (name === 'm1') m1 = u.id;
      }
      await tx.update(companies).set({ trialEndsAt: trialEnd }).where(eq(companies.id, c.id));
      return { c: c.id, boss, m1 };
    });
    const boss = (await tokenFor(t.app, ids.boss, ids.c)).token;
    const res = await call(t.app, { method: 'GET', url: '/api/dashboard/summary', host: 'counted', token: boss });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      members: 6,
      admins: 3,
      disabledMembers: 3,
      teams: 0,
      pendingJoinRequests: 0,
      pendingInvitations: 0,
      plan: 'pro-plan-monthly',
      trialEndsAt: trialEnd.toISOString(),
    });
    // A member reads the headcounts, not who is disabled, the admins' queues, the plan or the trial.
    const member = (await tokenFor(t.app, ids.m1, ids.c)).token;
    const mine = await call(t.app, { method: 'GET', url: '/api/dashboard/summary', host: 'counted', token: member });
    expect(mine.json()).toEqual({
      members: 6,
      admins: 3,
      teams: 0,
      disabledMembers: null,
      pendingJoinRequests: null,
      pendingInvitations: null,
      plan: null,
      trialEndsAt: null,
      timeZone: 'UTC',
    });
  });
});

describe('dashboard overview', () => {
  let o: Record<string, string>;
  const overview = (who: string) =>
    call(t.app, { method: 'GET', url: '/api/dashboard/overview', host: 'ovw', token: o[who]! });

  beforeAll(async () => {
    const ids = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Overview', subDomain: 'ovw' });
      const other = await createCompany(tx, { name: 'Elsewhere', subDomain: 'elsewhere' });
      const mk = async (name: string, companyId: string, roles = ['member']) => {
        const u = await createUser(tx, { email: `${name}@ovw.test`, firstName: name });
        await addMembership(tx, companyId, u.id, { roles });
        return u.id;
      };
      const admin = await mk('admin', c.id, ['admin']);
      const manager = await mk('manager', c.id);
      const report = await mk('report', c.id);
      const member = await mk('member', c.id);
      const stranger = await mk('stranger', other.id, ['admin']);
      await setEmployee(tx, c.id, report, { managerUserId: manager });
      const vacation = await createTimeOffType(tx, c.id, { name: 'Vacation' });
      const today = new Date().toISOString().slice(0, 10);
      await createTimeOffRequest(tx, c.id, {
        userId: report,
        typeId: vacation.id,
        startDate: today,
        endDate: today,
        amount: 1,
        status: 'pending',
      });
      await createTimeOffRequest(tx, c.id, {
        userId: member,
        typeId: vacation.id,
        startDate: today,
        endDate: today,
        amount: 1,
        status: 'pending',
      });
      const entry = await createEntry(tx, c.id, {
        userId: member,
        workDate: '2026-01-05',
        clockIn: new Date('2026-01-05T09:00:00Z'),
        clockOut: new Date('2026-01-05T17:00:00Z'),
      });
      await createCorrectionRequest(tx, c.id, {
        userId: member,
        entryId: entry.id,
        kind: 'change',
        before: { clockIn: '2026-01-05T09:00:00.000Z', clockOut: '2026-01-05T17:00:00.000Z' },
        after: { clockIn: '2026-01-05T08:30:00.000Z', clockOut: '2026-01-05T17:00:00.000Z' },
        reason: 'Came in early',
      });
      // Published 30 days ago, due 14 days after assignment: the four joined today, so outstanding, not overdue.
      await createPolicy(tx, c.id, {
        title: 'Code',
        dueDays: 14,
        versions: [{ body: { html: '<p>Be kind.</p>' }, publishedDaysAgo: 30 }],
      });
      // Due on joining: the four are overdue. An archived policy and another company's count nowhere.
      await createPolicy(tx, c.id, {
        title: 'Safety',
        dueDays: 0,
        versions: [{ body: { html: '<p>Mind the step.</p>' }, publishedDaysAgo: 5 }],
      });
      const old = await createPolicy(tx, c.id, {
        title: 'Old',
        dueDays: 0,
        versions: [{ body: { html: '<p>Gone.</p>' }, publishedDaysAgo: 50 }],
      });
      await tx.execute(sql`UPDATE policies SET archived_at = now() WHERE id = ${old.id}`);
      await createPolicy(tx, other.id, {
        title: 'Theirs',
        dueDays: 0,
        versions: [{ body: { html: '<p>Not yours.</p>' }, publishedDaysAgo: 5 }],
      });
      // First aid for everyone: the manager's expires in 10 days, the report's expired yesterday,
      // the admin's is valid for a year and the member has none.
      const firstAid = await createCertificationType(tx, c.id, { name: 'First aid', validityMonths: 24 });
      await recordCertification(tx, c.id, firstAid, manager, { expiresOn: await companyDay(tx, c.id, 10) });
      await recordCertification(tx, c.id, firstAid, report, { expiresOn: await companyDay(tx, c.id, -1) });
      await recordCertification(tx, c.id, firstAid, admin, { expiresOn: await companyDay(tx, c.id, 365) });
      // The member uploaded one, waiting for approval (it counts nowhere else until approved).
      await tx.insert(certificationRecords).values({
        companyId: c.id,
        typeId: firstAid.id,
        userId: member,
        issuedOn: await companyDay(tx, c.id, -3),
        expiresOn: await companyDay(tx, c.id, 700),
        status: 'pending',
      });
      // Another company's backlog must not count here.
      const theirType = await createTimeOffType(tx, other.id, { name: 'Vacation' });
      await createTimeOffRequest(tx, other.id, {
        userId: stranger,
        typeId: theirType.id,
        startDate: today,
        endDate: today,
        amount: 1,
        status: 'pending',
      });
      return { c: c.id, admin, manager, member };
    });
    o = {
      admin: (await tokenFor(t.app, ids.admin, ids.c)).token,
      manager: (await tokenFor(t.app, ids.manager, ids.c)).token,
      member: (await tokenFor(t.app, ids.member, ids.c)).token,
    };
  });

  it("gives an admin today's attendance, every approval waiting and the compliance backlog", async () => {
    const res = await overview('admin');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.attendance.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Four members, no schedule assigned and none clocked in today: the board's own counts.
    const board = (
      await call(t.app, { method: 'GET', url: '/api/attendance/board', host: 'ovw', token: o.admin! })
    ).json();
    expect(body.attendance.counts).toEqual(board.counts);
    expect(Object.values(body.attendance.counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(4);
    expect(body.approvals).toEqual({ timeOff: 2, corrections: 1, joinRequests: 0, certificationUploads: 1 });
    expect(body.compliance).toEqual({
      activePolicies: 2,
      outstanding: 4,
      overdue: 4,
      certificationsExpiring: 1,
      certificationsExpired: 1,
      certificationsMissing: 1,
    });
  });

  it("reads an admin's whole overview in one transaction of the company's scope (one pool connection)", async () => {
    const scoped = t.db.scoped;
    const companyScopes: unknown[] = [];
    t.db.scoped = (scope, fn) => {
      if (scope.companyId) companyScopes.push(scope);
      return scoped(scope, fn);
    };
    try {
      expect((await overview('admin')).statusCode).toBe(200);
    } finally {
      t.db.scoped = scoped;
    }
    expect(companyScopes).toHaveLength(1);
  });

  it("gives a manager their reports' requests only, and a member nothing of the company's", async () => {
    expect((await overview('manager')).json()).toEqual({
      attendance: null,
      approvals: { timeOff: 1, corrections: null, joinRequests: null, certificationUploads: null },
      compliance: null,
      myLeave: { approved: null, pending: null },
    });
    expect((await overview('member')).json()).toEqual({
      attendance: null,
      approvals: { timeOff: null, corrections: null, joinRequests: null, certificationUploads: null },
      compliance: null,
      myLeave: {
        approved: null,
        pending: { type: { name: 'Vacation' }, startDate: today(), endDate: today() },
      },
    });
  });

  it('gives a member their next approved leave and their next request awaiting approval, none ended or decided against', async () => {
    const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const ids = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Leave ahead', subDomain: 'ahead' });
      const bob = await createUser(tx, { email: 'bob@ahead.test', firstName: 'Bob' });
      await addMembership(tx, c.id, bob.id, { roles: ['member'] });
      const vacation = await createTimeOffType(tx, c.id, { name: 'Vacation' });
      const sick = await createTimeOffType(tx, c.id, { name: 'Sick leave' });
      const request = (typeId: string, from: number, to: number, status: 'pending' | 'approved' | 'declined') =>
        createTimeOffRequest(tx, c.id, {
          userId: bob.id,
          typeId,
          startDate: dayIn(from),
          endDate: dayIn(to),
          amount: to - from + 1,
          status,
        });
      await request(vacation.id, -10, -8, 'approved');
      await request(vacation.id, 5, 7, 'declined');
      await request(vacation.id, 40, 42, 'pending');
      await request(vacation.id, 20, 22, 'pending');
      await request(sick.id, 60, 60, 'approved');
      return { c: c.id, bob: bob.id };
    });
    const bob = (await tokenFor(t.app, ids.bob, ids.c)).token;
    const res = await call(t.app, { method: 'GET', url: '/api/dashboard/overview', host: 'ahead', token: bob });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().myLeave).toEqual({
      approved: { type: { name: 'Sick leave' }, startDate: dayIn(60), endDate: dayIn(60) },
      pending: { type: { name: 'Vacation' }, startDate: dayIn(20), endDate: dayIn(22) },
    });
  });
});

const today = () => new Date().toISOString().slice(0, 10);
