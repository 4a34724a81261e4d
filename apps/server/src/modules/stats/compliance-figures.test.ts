import { addDays } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgePolicy, createPolicy } from '../../db/seed/compliance-factories';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../../db/seed/factories';
import { memberships, teamMembers } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/harness';
import { complianceAt, complianceWork } from './compliance-figures';
import * as repo from './stats.repository';
import { complianceFigures } from './stats-compliance.repository';

/**
 * The policy figures of Stats read without the pass over the members (compliance-figures.ts): a past
 * end kept under the company's count of changes, today's end from the tracking counters. After every
 * kind of change, both equal the statement over the members (which the property test holds to the
 * plain computation), and the statement runs again only where a change could move a past figure.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe('Stats policy figures, kept and live', () => {
  it('equal the statement over the members through acknowledgements, people and teams changing', async () => {
    const w = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Kept', subDomain: 'kept-figures' });
      const team = await createTeam(tx, c.id, { name: 'Ops' });
      const dept = await createDepartment(tx, c.id, { name: 'Floor' });
      const people: string[] = [];
      for (const n of [1, 2, 3, 4, 5, 6]) {
        const u = await createUser(tx, { email: `k${n}@kept.test`, firstName: `K${n}` });
        await addMembership(tx, c.id, u.id, { createdAt: new Date(Date.now() - (60 - n) * DAY) });
        people.push(u.id);
      }
      await tx
        .insert(teamMembers)
        .values(people.slice(0, 3).map((userId) => ({ companyId: c.id, teamId: team.id, userId })));
      for (const userId of people.slice(2, 5)) await setEmployee(tx, c.id, userId, { departmentId: dept.id });
      const everyone = await createPolicy(tx, c.id, {
        title: 'Conduct',
        dueDays: 7,
        versions: [{ body: { html: '<p>v1</p>' }, publishedDaysAgo: 45 }],
      });
      const ops = await createPolicy(tx, c.id, {
        title: 'Ops',
        dueDays: 3,
        audienceTeamIds: [team.id],
        versions: [{ body: { html: '<p>o1</p>' }, publishedDaysAgo: 20 }],
      });
      await acknowledgePolicy(tx, c.id, everyone, people[0]!, 1, 40);
      await acknowledgePolicy(tx, c.id, everyone, people[1]!, 1, 10);
      await acknowledgePolicy(tx, c.id, ops, people[0]!, 1, 2);
      return { c: c.id, team: team.id, dept: dept.id, people, everyone, ops };
    });
    // Today's end and one 28 days back (last 28 days), and two past ends (last month).
    const check = async (step: string, work: number) => {
      const before = complianceWork.statements;
      for (const f of [{}, { team: w.team }, { department: w.dept }, { team: w.team, department: w.dept }]) {
        const got = await t.db.scoped({ companyId: w.c }, async (tx) => {
          const clock = (await repo.clock(tx, w.c))!;
          const ends: Array<[string, string]> = [
            [clock.today, addDays(clock.today, -28)],
            [addDays(clock.today, -10), addDays(clock.today, -40)],
          ];
          return Promise.all(
            ends.map(async (e) => ({
              kept: await complianceAt(tx, w.c, f, e, clock),
              statement: await complianceFigures(tx, w.c, f, e),
            })),
          );
        });
        for (const g of got) expect(g.kept, `${step} ${JSON.stringify(f)}`).toEqual(g.statement);
        // Every filter has people in some policy's audience today (the comparison is not of zeros).
        expect(got[0]!.statement[0]!.assigned, `${step} ${JSON.stringify(f)}`).toBeGreaterThan(0);
      }
      expect(complianceWork.statements - before, `${step}: statements`).toBe(work);
    };
    // First: the past ends computed (two answers for each of the four filters); today's end is never computed.
    await check('first', 8);
    const probes = complianceWork.liveProbes;
    await check('again, nothing changed', 0);
    // A filter's today is kept too while nothing it counts moves.
    expect(complianceWork.liveProbes).toBe(probes);
    // An acknowledgement now moves today's figure only: nothing past is computed again, and the
    // filters' today is probed again (three filters).
    await t.db.system((tx) => acknowledgePolicy(tx, w.c, w.everyone, w.people[2]!, 1, 0));
    await check('acknowledged now', 0);
    expect(complianceWork.liveProbes).toBe(probes + 3);
    // What can move a past figure: a member disabled, an acknowledgement recorded for the past, a
    // team's member, a policy's due days.
    await t.db.system((tx) =>
      tx.update(memberships).set({ enabled: false }).where(sql`company_id = ${w.c} AND user_id = ${w.people[1]!}`),
    );
    await check('disabled', 8);
    await t.db.system((tx) => acknowledgePolicy(tx, w.c, w.everyone, w.people[3]!, 1, 30));
    await check('acknowledged for the past', 8);
    await t.db.system((tx) => tx.insert(teamMembers).values({ companyId: w.c, teamId: w.team, userId: w.people[4]! }));
    await check('team member added', 8);
    await t.db.system((tx) => tx.execute(sql`UPDATE policies SET due_days = 30 WHERE id = ${w.everyone.id}`));
    await check('due days', 8);
    // Someone whose membership starts after today's end: the counters hold them, the answer must not.
    const late = await t.db.system(async (tx) => {
      const u = await createUser(tx, { email: 'late@kept.test', firstName: 'Late' });
      await addMembership(tx, w.c, u.id, { createdAt: new Date(Date.now() + 3 * DAY) });
      return u.id;
    });
    await check('membership ahead', 8);
    await t.db.system((tx) => tx.delete(memberships).where(sql`company_id = ${w.c} AND user_id = ${late}`));
    // Archived: gone from today's figure, still in the past ones.
    await t.db.system((tx) => tx.execute(sql`UPDATE policies SET archived_at = now() WHERE id = ${w.ops.id}`));
    await check('archived', 8);
  });
});
