import { TRACKING_STATUSES } from '@wac/shared/schemas/policies';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../../db/seed/factories';
import { employees, memberships, policies as policiesTable, teamMembers } from '../../db/schema/index';
import { createCtx, forCompany, type TenantCtx } from '../../lib/context';
import { rows } from '../../lib/sql';
import { createTestApp, type TestContext } from '../../test/harness';
import * as policies from './policies.service';
import * as repo from './policies.repository';
import { type ReferenceRow, referenceAssigned, referenceCompletion } from './tracking-reference.repository';
import * as tracking from './tracking.repository';
import { rebuildAll } from './tracking.service';

/**
 * Property: for random sequences of acknowledgements (of the version to acknowledge, an older one
 * or a later one), members joining (some with a due date seconds away), leaving, disabled and
 * enabled again, employments ending (before, on or after today, or no longer), team and department
 * moves, audience changes, publishing with and without
 * re-acknowledgement, due-days changes and time passing (real seconds across due instants, and
 * whole days by moving every date of the company back), the completion figures read from the
 * counters and the tracking list read from `policy_assignees` equal the from-scratch statement over
 * every member (tracking-reference.repository.ts), in the same transaction (the same `now()`), and
 * `stats:rebuild` leaves the counters as they were.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const USERS = 8;
let worlds = 0;

interface World {
  companyId: string;
  users: string[];
  teams: string[];
  departments: string[];
  policyIds: string[];
  ctx: TenantCtx;
}

async function buildWorld(): Promise<World> {
  const tag = `${++worlds}-${Date.now() % 100000}`;
  const w = await t.db.system(async (tx) => {
    const company = await createCompany(tx, { name: `P${tag}`, subDomain: `p${tag}` });
    const users: string[] = [];
    for (let i = 0; i < USERS; i++) {
      // Few names, so ties in the name order are broken by the user id on both sides.
      const u = await createUser(tx, {
        email: `u${i}.${tag}@p.test`,
        firstName: ['Ada', 'Ben'][i % 2]!,
        lastName: ['Lee', 'Moss', 'Lee'][i % 3]!,
      });
      users.push(u.id);
      if (i < 5) await addMembership(tx, company.id, u.id, { createdAt: new Date(Date.now() - (30 - i) * DAY) });
    }
    const teams = [
      (await createTeam(tx, company.id, { name: 'T1', memberIds: users.slice(0, 3) })).id,
      (await createTeam(tx, company.id, { name: 'T2', memberIds: users.slice(2, 6) })).id,
    ];
    const departments = [
      (await createDepartment(tx, company.id, { name: 'D1' })).id,
      (await createDepartment(tx, company.id, { name: 'D2' })).id,
    ];
    for (const [i, u] of users.entries())
      if (i < 5 && i % 3 !== 2) await setEmployee(tx, company.id, u, { departmentId: departments[i % 2]! });
    return { companyId: company.id, users, teams, departments };
  });
  const ctx = forCompany(createCtx(t.app, { actor: { userId: w.users[0]! } }), w.companyId);
  const everyone = await policies.create(ctx, { title: 'Everyone', dueDays: 14 });
  const some = await policies.create(ctx, {
    title: 'Some',
    dueDays: 3,
    audience: { all: false, teamUuids: [w.teams[0]!], departmentUuids: [w.departments[1]!] },
  });
  const world = { ...w, policyIds: [everyone.uuid, some.uuid], ctx };
  // One of them published a while back (through the service), the other left as a draft for now.
  await publish(world, 0, true);
  await t.db.system((tx) =>
    tx.execute(sql`UPDATE policies SET ack_published_at = now() - interval '20 days' WHERE id = ${everyone.uuid}`),
  );
  return world;
}

async function publish(w: World, which: number, requiresAck: boolean) {
  const id = w.policyIds[which]!;
  await policies.setDraftText(w.ctx, { id, html: `<p>Version ${Date.now()}</p>` });
  const p = await policies.get(w.ctx, id);
  await policies.publish(w.ctx, { id, version: p.version, requiresAck });
}

type Action =
  | { kind: 'ack'; user: number; policy: number; which: 'current' | 'older' | 'any' }
  | { kind: 'join'; user: number; dueInSeconds: number | null }
  | { kind: 'leave' | 'disable' | 'enable'; user: number }
  | { kind: 'team'; user: number; team: number; add: boolean }
  | { kind: 'department'; user: number; department: number | null }
  | { kind: 'end'; user: number; days: number | null }
  | { kind: 'audience'; policy: number; all: boolean; teams: boolean[]; departments: boolean[] }
  | { kind: 'publish'; policy: number; requiresAck: boolean }
  | { kind: 'dueDays'; policy: number; days: number }
  | { kind: 'wait'; ms: number }
  | { kind: 'age'; days: number };

const user = fc.integer({ min: 0, max: USERS - 1 });
const policy = fc.integer({ min: 0, max: 1 });
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('ack' as const),
      user,
      policy,
      which: fc.constantFrom('current' as const, 'older' as const, 'any' as const),
    }),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('join' as const),
      user,
      dueInSeconds: fc.option(fc.integer({ min: 0, max: 3 })),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constantFrom('leave' as const, 'disable' as const, 'enable' as const), user }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('team' as const),
      user,
      team: fc.integer({ min: 0, max: 1 }),
      add: fc.boolean(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('department' as const),
      user,
      department: fc.option(fc.integer({ min: 0, max: 1 })),
    }),
    weight: 1,
  },
  {
    // An employment's end date: days from the company's today (negative: ended), or cleared.
    arbitrary: fc.record({
      kind: fc.constant('end' as const),
      user,
      days: fc.option(fc.integer({ min: -3, max: 2 })),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('audience' as const),
      policy,
      all: fc.boolean(),
      teams: fc.tuple(fc.boolean(), fc.boolean()),
      departments: fc.tuple(fc.boolean(), fc.boolean()),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('publish' as const), policy, requiresAck: fc.boolean() }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('dueDays' as const), policy, days: fc.integer({ min: 1, max: 30 }) }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 300, max: 1200 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('age' as const), days: fc.integer({ min: 1, max: 20 }) }), weight: 1 },
);

async function apply(w: World, a: Action) {
  const c = w.companyId;
  const u = 'user' in a ? w.users[a.user]! : '';
  switch (a.kind) {
    case 'ack':
      return t.db.system(async (tx) => {
        const [p] = await rows<{ ack_number: number | null; current_number: number | null }>(
          tx,
          sql`SELECT ack_number, current_number FROM policies WHERE id = ${w.policyIds[a.policy]!}`,
        );
        if (!p?.current_number) return;
        const number =
          a.which === 'current'
            ? (p.ack_number ?? p.current_number)
            : a.which === 'older'
              ? Math.max(1, (p.ack_number ?? 1) - 1)
              : p.current_number;
        await tx.execute(sql`INSERT INTO policy_acknowledgements (company_id, policy_id, version_id, version_number, user_id, content_sha256)
          SELECT v.company_id, v.policy_id, v.id, v.number, ${u}, v.content_sha256 FROM policy_versions v
          WHERE v.policy_id = ${w.policyIds[a.policy]!} AND v.number = ${number} AND v.state = 'published'
          ON CONFLICT DO NOTHING`);
      });
    case 'join':
      return t.db.system(async (tx) => {
        const [p] = await rows<{ due_days: number }>(
          tx,
          sql`SELECT due_days FROM policies WHERE id = ${w.policyIds[0]!}`,
        );
        // A start that puts this person's due date a few seconds from now: a later wait crosses it.
        const createdAt =
          a.dueInSeconds === null ? undefined : new Date(Date.now() - p!.due_days * DAY + a.dueInSeconds * 1000);
        const [m] = await rows<{ id: string }>(
          tx,
          sql`SELECT id FROM memberships WHERE company_id = ${c} AND user_id = ${u}`,
        );
        if (!m) await addMembership(tx, c, u, createdAt ? { createdAt } : {});
      });
    case 'leave':
      return t.db.system((tx) => tx.delete(memberships).where(sql`company_id = ${c} AND user_id = ${u}`));
    case 'disable':
    case 'enable':
      return t.db.system((tx) =>
        tx
          .update(memberships)
          .set({ enabled: a.kind === 'enable' })
          .where(sql`company_id = ${c} AND user_id = ${u}`),
      );
    case 'team':
      return t.db.system((tx) =>
        a.add
          ? tx.insert(teamMembers).values({ companyId: c, teamId: w.teams[a.team]!, userId: u }).onConflictDoNothing()
          : tx.delete(teamMembers).where(sql`team_id = ${w.teams[a.team]!} AND user_id = ${u}`),
      );
    case 'department':
      return t.db.system(async (tx) => {
        if (a.department === null) await tx.delete(employees).where(sql`company_id = ${c} AND user_id = ${u}`);
        else {
          // An employee record belongs to a membership.
          const [m] = await rows<{ id: string }>(
            tx,
            sql`SELECT id FROM memberships WHERE company_id = ${c} AND user_id = ${u}`,
          );
          if (m) await setEmployee(tx, c, u, { departmentId: w.departments[a.department]! });
        }
      });
    case 'end':
      return t.db.system(async (tx) => {
        const [m] = await rows<{ id: string }>(
          tx,
          sql`SELECT id FROM memberships WHERE company_id = ${c} AND user_id = ${u}`,
        );
        if (!m) return;
        await tx.execute(sql`INSERT INTO employees (company_id, user_id) VALUES (${c}, ${u}) ON CONFLICT DO NOTHING`);
        await tx.execute(sql`UPDATE employees e SET end_date = CASE WHEN ${a.days}::int IS NULL THEN NULL
            ELSE (now() AT TIME ZONE co.time_zone)::date + ${a.days}::int END
          FROM companies co WHERE co.id = e.company_id AND e.company_id = ${c} AND e.user_id = ${u}`);
      });
    case 'audience': {
      const p = await policies.get(w.ctx, w.policyIds[a.policy]!);
      const pick = (ids: string[], on: boolean[]) => ids.filter((_, i) => on[i]);
      return policies.update(w.ctx, {
        id: p.uuid,
        version: p.version,
        audience: {
          all: a.all,
          teamUuids: pick(w.teams, a.teams),
          departmentUuids: pick(w.departments, a.departments),
        },
      });
    }
    case 'publish':
      return publish(w, a.policy, a.requiresAck);
    case 'dueDays': {
      const p = await policies.get(w.ctx, w.policyIds[a.policy]!);
      return policies.update(w.ctx, { id: p.uuid, version: p.version, dueDays: a.days });
    }
    case 'wait':
      return new Promise((resolve) => setTimeout(resolve, a.ms));
    case 'age':
      // Days passing, seen from the data: every start and publication of the company moves back.
      return t.db.system(async (tx) => {
        await tx
          .update(memberships)
          .set({ createdAt: sql`created_at - make_interval(days => ${a.days})` })
          .where(sql`company_id = ${c}`);
        await tx
          .update(policiesTable)
          .set({ ackPublishedAt: sql`ack_published_at - make_interval(days => ${a.days})` })
          .where(sql`company_id = ${c}`);
        // End dates too (an end that passes; the day it passes is the daily job's: reminders.test.ts).
        await tx.execute(
          sql`UPDATE employees SET end_date = end_date - ${a.days}::int WHERE company_id = ${c} AND end_date IS NOT NULL`,
        );
      });
  }
}

const counters = (tx: Tx, c: string) =>
  rows(
    tx,
    sql`SELECT 'c' AS k, policy_id::text, assigned::text AS a, acknowledged::text AS b FROM policy_counts WHERE company_id = ${c}
        UNION ALL SELECT 'd', policy_id::text, due_at::text, n::text FROM policy_due_counts WHERE company_id = ${c}
        UNION ALL SELECT 'a', policy_id::text || user_id::text, joined_at::text, acked_number::text FROM policy_assignees WHERE company_id = ${c}
        ORDER BY 1, 2, 3, 4`,
  );

/** Counters and list against the reference, in one transaction: the same `now()` on both sides. */
async function check(w: World, label: string) {
  await t.db.scoped({ companyId: w.companyId }, async (tx) => {
    for (const id of w.policyIds) {
      const want = await referenceCompletion(tx, w.companyId, id);
      expect(await tracking.completion(tx, w.companyId, id), `${label}: completion`).toEqual(want);
      const p = (await repo.find(tx, w.companyId, id))!;
      const all = await referenceAssigned(tx, w.companyId, id);
      const shape = (r: {
        user_id: string;
        status: string;
        due_at: Date | string | null;
        acknowledged_at: Date | string | null;
        ack_number_done: number | null;
      }) => ({
        user_id: r.user_id,
        status: r.status,
        due_at: new Date(r.due_at!).toISOString(),
        acknowledged_at: r.acknowledged_at ? new Date(r.acknowledged_at).toISOString() : null,
        ack_number_done: r.ack_number_done,
      });
      const byDue = (x: ReferenceRow, y: ReferenceRow) =>
        new Date(x.due_at).getTime() - new Date(y.due_at).getTime() ||
        new Date(x.joined_at).getTime() - new Date(y.joined_at).getTime() ||
        (x.user_id < y.user_id ? -1 : 1);
      for (const search of [undefined, 'ada', 'u3.', 'en m']) {
        for (const status of [undefined, ...TRACKING_STATUSES]) {
          const matches = (r: ReferenceRow) =>
            (!status || r.status === status) &&
            (!search || r.sort_name.toLowerCase().includes(search) || r.email.toLowerCase().includes(search));
          for (const sort of ['name', 'dueAt'] as const) {
            const expected = all.filter(matches);
            if (sort === 'dueAt') expected.sort(byDue);
            const got: ReturnType<typeof shape>[] = [];
            for (let page = 1; page <= 5; page++) {
              const r = await tracking.tracking(tx, w.companyId, p, {
                page,
                itemsPerPage: 3,
                order: 'asc',
                sort,
                status,
                search,
              });
              expect(r.totalItems, `${label}: ${status} ${search} total`).toBe(expected.length);
              got.push(...r.data.map(shape));
              if (r.data.length < 3) break;
            }
            expect(got, `${label}: ${status} ${search} ${sort} list`).toEqual(expected.slice(0, 15).map(shape));
            // A search counted up to a cap of 1: past it the page walks the people in order and
            // testing each finds the same rows; the total says "more than 1".
            if (search) {
              const capped = await tracking.tracking(
                tx,
                w.companyId,
                p,
                { page: 1, itemsPerPage: 3, order: 'asc', sort, status, search },
                true,
                1,
              );
              expect(capped.data.map(shape), `${label}: ${status} ${search} ${sort} capped list`).toEqual(
                expected.slice(0, 3).map(shape),
              );
              expect(
                { n: capped.totalItems, more: capped.totalIsLowerBound },
                `${label}: ${status} ${search} capped total`,
              ).toEqual({ n: Math.min(expected.length, 1), more: expected.length > 1 });
            }
          }
        }
      }
    }
  });
}

describe('policy tracking counters', () => {
  it('equal the from-scratch statement after any sequence of changes, and survive a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 4, maxLength: 18 }), async (actions) => {
        const w = await buildWorld();
        await check(w, 'start');
        for (const [i, a] of actions.entries()) {
          await apply(w, a);
          await check(w, `after #${i} ${JSON.stringify(a)}`);
        }
        const before = await t.db.system((tx) => counters(tx, w.companyId));
        await rebuildAll(createCtx(t.app));
        expect(await t.db.system((tx) => counters(tx, w.companyId)), 'rebuild').toEqual(before);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), endOnFailure: true },
    );
  }, 600_000);
});
