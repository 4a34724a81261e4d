import { addDays } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntry } from '../../db/seed/attendance-factories';
import { acknowledgePolicy, createPolicy } from '../../db/seed/compliance-factories';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../../db/seed/factories';
import { memberships, policyVersions, teamMembers } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/harness';
import { holdOpen, raceHeld } from '../../test/held';
import * as repo from './stats.repository';
import { complianceFigures, refreshPolicyPart, seriesFigures } from './stats-compliance.repository';

/**
 * The policy figures of Stats read from the kept series (migration 0043, decision 031): after every
 * kind of change that can move them, the running sums at the end of every day from two months back to
 * a week ahead equal the statement over the members (which the property test holds to the plain
 * computation), for the company, a team, a department and both; and the series equals one derived
 * from scratch (the rebuild), so nothing was left behind by the changes.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** The kept rows of the company's scopes, in one order (what the rebuild must reproduce). */
const seriesRows = (c: string) =>
  t.db.system(
    async (tx) =>
      (
        await tx.execute(
          sql`SELECT scope_id, policy_id, to_char(day, 'YYYY-MM-DD') AS day, assigned, acknowledged, overdue
              FROM stats_scope_policy_changes
             WHERE company_id = ${c} AND (assigned, acknowledged, overdue) <> (0, 0, 0)
             ORDER BY 1, 2, 3`,
        )
      ).rows,
  );

/**
 * At the end of every third day from two months back to a week ahead, for the company, a team, a
 * department and both, the series answers what the statement over the members does; and derived from
 * scratch it is the one the changes left.
 */
async function agrees(w: { c: string; team: string; dept: string }, step: string) {
  for (const f of [{}, { team: w.team }, { department: w.dept }, { team: w.team, department: w.dept }]) {
    const got = await t.db.scoped({ companyId: w.c }, async (tx) => {
      const clock = (await repo.clock(tx, w.c))!;
      const ends: Array<[string, string]> = [];
      for (let d = -62; d <= 8; d += 3) ends.push([addDays(clock.today, d), addDays(clock.today, d - 1)]);
      const out = [];
      for (const e of ends)
        out.push({
          e,
          series: await seriesFigures(tx, w.c, f, e),
          statement: await complianceFigures(tx, w.c, f, e),
        });
      return out;
    });
    for (const g of got) expect(g.series, `${step} ${JSON.stringify(f)} at ${g.e}`).toEqual(g.statement);
    // Not a comparison of zeros: someone is assigned at some end in every filter.
    expect(
      got.some((g) => g.statement[0]!.assigned > 0),
      `${step} ${JSON.stringify(f)}`,
    ).toBe(true);
  }
  // Derived from scratch, the series is the one the changes left.
  const kept = await seriesRows(w.c);
  await t.db.scoped({ companyId: w.c }, (tx) => tx.execute(sql`SELECT stats_policy_rebuild(${w.c})`));
  expect(await seriesRows(w.c), `${step}: rebuilt`).toEqual(kept);
}

describe('Stats policy figures from the kept series', () => {
  it('equal the statement over the members at every day, through every change that moves them', async () => {
    const w = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Series', subDomain: 'policy-series' });
      await tx.execute(sql`UPDATE companies SET time_zone = 'America/New_York' WHERE id = ${c.id}`);
      const team = await createTeam(tx, c.id, { name: 'Ops' });
      const dept = await createDepartment(tx, c.id, { name: 'Floor' });
      const other = await createDepartment(tx, c.id, { name: 'Yard' });
      const people: string[] = [];
      for (const n of [1, 2, 3, 4, 5, 6, 7]) {
        const u = await createUser(tx, { email: `s${n}@series.test`, firstName: `S${n}` });
        await addMembership(tx, c.id, u.id, { createdAt: new Date(Date.now() - (60 - 5 * n) * DAY) });
        people.push(u.id);
      }
      await tx
        .insert(teamMembers)
        .values(people.slice(0, 3).map((userId) => ({ companyId: c.id, teamId: team.id, userId })));
      for (const userId of people.slice(2, 5)) await setEmployee(tx, c.id, userId, { departmentId: dept.id });
      const everyone = await createPolicy(tx, c.id, {
        title: 'Conduct',
        dueDays: 7,
        versions: [
          { body: { html: '<p>v1</p>' }, publishedDaysAgo: 45 },
          { body: { html: '<p>v2, a wording fix</p>' }, publishedDaysAgo: 30, requiresAck: false },
        ],
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
      return { c: c.id, team: team.id, dept: dept.id, other: other.id, people, everyone, ops };
    });
    const check = (step: string) => agrees(w, step);
    await check('first');
    await t.db.system((tx) => acknowledgePolicy(tx, w.c, w.everyone, w.people[2]!, 1, 0));
    await check('acknowledged now');
    await t.db.system((tx) =>
      tx.update(memberships).set({ enabled: false }).where(sql`company_id = ${w.c} AND user_id = ${w.people[1]!}`),
    );
    await check('disabled');
    await t.db.system((tx) =>
      tx.update(memberships).set({ enabled: true }).where(sql`company_id = ${w.c} AND user_id = ${w.people[1]!}`),
    );
    await check('enabled again');
    await t.db.system((tx) => acknowledgePolicy(tx, w.c, w.everyone, w.people[3]!, 1, 30));
    await check('acknowledged for the past');
    await t.db.system((tx) => tx.insert(teamMembers).values({ companyId: w.c, teamId: w.team, userId: w.people[4]! }));
    await check('team member added');
    await t.db.system((tx) =>
      tx.execute(sql`DELETE FROM team_members WHERE company_id = ${w.c} AND user_id = ${w.people[0]!}`),
    );
    await check('team member removed');
    await t.db.system((tx) => setEmployee(tx, w.c, w.people[5]!, { departmentId: w.dept }));
    await check('moved into the department');
    await t.db.system((tx) => setEmployee(tx, w.c, w.people[2]!, { departmentId: w.other }));
    await check('moved out of the department');
    await t.db.system((tx) =>
      setEmployee(tx, w.c, w.people[3]!, {
        departmentId: w.dept,
        endDate: addDays(new Date().toISOString().slice(0, 10), -12),
      }),
    );
    await check('employment ended');
    await t.db.system((tx) => tx.execute(sql`UPDATE policies SET due_days = 30 WHERE id = ${w.everyone.id}`));
    await check('due days');
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE policies SET audience_team_ids = '{}', audience_department_ids = ${`{${w.dept}}`}::uuid[]
                      WHERE id = ${w.ops.id}`),
    );
    await check('audience moved to a department');
    // A new version that needs acknowledging again, published eight days ago, acknowledged by one.
    const v2 = await t.db.system(async (tx) => {
      const [v] = await tx
        .insert(policyVersions)
        .values({
          companyId: w.c,
          policyId: w.ops.id,
          number: 2,
          state: 'published',
          bodyKind: 'text',
          bodyHtml: '<p>o2</p>',
          contentSha256: 'b'.repeat(64),
          requiresAck: true,
          publishedAt: new Date(Date.now() - 8 * DAY),
        })
        .returning({ id: policyVersions.id });
      return v!.id;
    });
    await check('published again');
    await t.db.system((tx) =>
      acknowledgePolicy(
        tx,
        w.c,
        { id: w.ops.id, versions: [{ id: v2, number: 2, sha: 'b'.repeat(64) }] },
        w.people[4]!,
        2,
        1,
      ),
    );
    await check('the new version acknowledged');
    const late = await t.db.system(async (tx) => {
      const u = await createUser(tx, { email: 'late@series.test', firstName: 'Late' });
      await addMembership(tx, w.c, u.id, { createdAt: new Date(Date.now() + 3 * DAY) });
      return u.id;
    });
    await check('membership ahead');
    await t.db.system((tx) => tx.delete(memberships).where(sql`company_id = ${w.c} AND user_id = ${late}`));
    await check('membership removed');
    await t.db.system((tx) => tx.execute(sql`UPDATE companies SET time_zone = 'Pacific/Auckland' WHERE id = ${w.c}`));
    await check('time zone moved');
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE policies SET archived_at = now() - interval '5 days' WHERE id = ${w.ops.id}`),
    );
    await check('archived');
  }, 180_000);
});

describe('Stats policy figures of a large company', () => {
  it('a policy-wide change over stats_policy_inline_max() members is a job that re-derives the members in parts', async () => {
    const w = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Series large', subDomain: 'policy-series-large' });
      const team = await createTeam(tx, c.id, { name: 'Ops' });
      const dept = await createDepartment(tx, c.id, { name: 'Floor' });
      const people: string[] = [];
      for (const n of [1, 2, 3, 4, 5]) {
        const u = await createUser(tx, { email: `l${n}@series-large.test`, firstName: `L${n}` });
        await addMembership(tx, c.id, u.id, { createdAt: new Date(Date.now() - (50 - 5 * n) * DAY) });
        people.push(u.id);
      }
      await tx
        .insert(teamMembers)
        .values(people.slice(0, 2).map((userId) => ({ companyId: c.id, teamId: team.id, userId })));
      for (const userId of people.slice(1, 4)) await setEmployee(tx, c.id, userId, { departmentId: dept.id });
      const everyone = await createPolicy(tx, c.id, {
        title: 'Conduct',
        dueDays: 7,
        versions: [{ body: { html: '<p>v1</p>' }, publishedDaysAgo: 20 }],
      });
      await acknowledgePolicy(tx, c.id, everyone, people[0]!, 1, 15);
      await acknowledgePolicy(tx, c.id, everyone, people[3]!, 1, 2);
      return { c: c.id, team: team.id, dept: dept.id, people, everyone };
    });
    await agrees(w, 'first');
    const before = await seriesRows(w.c);
    const jobsOf = (tx: Parameters<Write>[0]) =>
      tx
        .execute(sql`SELECT id, payload FROM jobs WHERE company_id = ${w.c} AND type = 'stats.policy_series'`)
        .then((r) => (r as unknown as { rows: Array<{ id: string; payload: { policyIds: string[] } }> }).rows);

    // Five members against a limit of two: the statement that changes the due days leaves the series
    // as it was and enqueues one job in its transaction, for that policy.
    const [job] = await t.db.scoped({ companyId: w.c }, async (tx) => {
      await tx.execute(sql`SELECT set_config('wac.stats_policy_inline_max', '2', true)`);
      await tx.execute(sql`UPDATE policies SET due_days = 30 WHERE id = ${w.everyone.id}`);
      await tx.execute(sql`UPDATE policies SET due_days = 31 WHERE id = ${w.everyone.id}`);
      const kept = await tx.execute(
        sql`SELECT scope_id, policy_id, to_char(day, 'YYYY-MM-DD') AS day, assigned, acknowledged, overdue
              FROM stats_scope_policy_changes
             WHERE company_id = ${w.c} AND (assigned, acknowledged, overdue) <> (0, 0, 0) ORDER BY 1, 2, 3`,
      );
      expect((kept as unknown as { rows: unknown[] }).rows).toEqual(before);
      const made = await jobsOf(tx);
      expect(made).toHaveLength(1);
      expect(made[0]!.payload).toEqual({ policyIds: [w.everyone.id] });
      return made;
    });
    // The runner takes it and re-derives everyone.
    t.app.jobs.wake();
    for (let i = 0; i < 400; i++) {
      const state = await t.db.system((tx) =>
        tx
          .execute(sql`SELECT state FROM jobs WHERE id = ${job!.id}`)
          .then((r) => (r as unknown as { rows: Array<{ state: string }> }).rows[0]!.state),
      );
      if (state === 'done') break;
      expect(state).not.toBe('dead');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await seriesRows(w.c)).not.toEqual(before);
    await agrees(w, 'due days, by the job');

    // The parts themselves, two people at a time, after a change nothing re-derived: each answers the
    // last person it took, the one after the last answers null, and then the series is right.
    await t.db.system(async (tx) => {
      await tx.execute(sql`SELECT set_config('wac.stats_rebuild', 'on', true)`);
      await tx.execute(sql`UPDATE policies SET due_days = 3 WHERE id = ${w.everyone.id}`);
    });
    const sorted = [...w.people].sort();
    let after = '00000000-0000-0000-0000-000000000000';
    const lasts: Array<string | null> = [];
    for (;;) {
      const from = after;
      const last = await t.db.scoped({ companyId: w.c }, (tx) => refreshPolicyPart(tx, w.c, [w.everyone.id], from, 2));
      lasts.push(last);
      if (!last) break;
      after = last;
    }
    expect(lasts).toEqual([sorted[1], sorted[3], sorted[4], null]);
    await agrees(w, 'due days, in parts of two');
  }, 120_000);
});

type Write = Parameters<typeof t.db.system>[0];

/** A new version drafted and published as the Policies service does (the version, then the policy). */
const publishAgain =
  (c: string, policyId: string, number: number): Write =>
  async (tx) => {
    const [v] = await tx
      .insert(policyVersions)
      .values({ companyId: c, policyId, number, state: 'draft', bodyKind: 'text', bodyHtml: `<p>${number}</p>` })
      .returning({ id: policyVersions.id });
    await tx.execute(sql`UPDATE policy_versions SET state = 'published', requires_ack = true, published_at = now(),
                           content_sha256 = ${'c'.repeat(64)} WHERE id = ${v!.id}`);
    await tx.execute(sql`UPDATE policies SET current_version_id = ${v!.id}, current_number = ${number},
                           ack_number = ${number}, ack_published_at = now() WHERE id = ${policyId}`);
  };

// Two connections at once: PostgreSQL (PGlite runs one transaction at a time, so it cannot race).
describe.runIf(process.env.TEST_DB === 'pg')('Stats policy figures under concurrent writes', () => {
  it('a publication, acknowledgements and a member disabled at once queue (no deadlock) and leave the series right', async () => {
    const w = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Race', subDomain: 'policy-series-race' });
      const team = await createTeam(tx, c.id, { name: 'Ops' });
      const dept = await createDepartment(tx, c.id, { name: 'Floor' });
      const people: string[] = [];
      for (const n of [1, 2, 3, 4, 5, 6]) {
        const u = await createUser(tx, { email: `r${n}@race-series.test`, firstName: `R${n}` });
        await addMembership(tx, c.id, u.id, { createdAt: new Date(Date.now() - 50 * DAY) });
        people.push(u.id);
      }
      await tx
        .insert(teamMembers)
        .values(people.slice(0, 3).map((userId) => ({ companyId: c.id, teamId: team.id, userId })));
      for (const userId of people.slice(2, 5)) await setEmployee(tx, c.id, userId, { departmentId: dept.id });
      const policy = await createPolicy(tx, c.id, {
        title: 'Conduct',
        dueDays: 5,
        versions: [{ body: { html: '<p>v1</p>' }, publishedDaysAgo: 40 }],
      });
      return { c: c.id, team: team.id, dept: dept.id, people, policy };
    });
    const ack =
      (user: number, number: number): Write =>
      async (tx) => {
        const [v] = (
          await tx.execute(sql`SELECT id FROM policy_versions WHERE policy_id = ${w.policy.id} AND number = ${number}`)
        ).rows as Array<{ id: string }>;
        await acknowledgePolicy(
          tx,
          w.c,
          { id: w.policy.id, versions: [{ id: v!.id, number, sha: 'c'.repeat(64) }] },
          w.people[user]!,
          number,
          0,
        );
      };
    const enabled =
      (user: number, on: boolean): Write =>
      (tx) =>
        tx.update(memberships).set({ enabled: on }).where(sql`company_id = ${w.c} AND user_id = ${w.people[user]!}`);
    // The first write holds its transaction open until the others have been sent and are waiting.
    const race = async (step: string, first: Write, others: Write[]) => {
      await raceHeld(t.db, first, others);
      await agrees(w, step);
    };
    // A clock-in does not wait for a publication: the publication holds the policy, not the people.
    {
      const held = await holdOpen(t.db, publishAgain(w.c, w.policy.id, 2));
      const clockIn = t.db.system((tx) =>
        createEntry(tx, w.c, {
          userId: w.people[0]!,
          workDate: '2026-03-02',
          clockIn: new Date('2026-03-02T09:00:00Z'),
          clockOut: null,
        }),
      );
      const first = await Promise.race([
        clockIn.then(() => 'clocked in'),
        new Promise((r) => setTimeout(() => r('waiting'), 3_000)),
      ]);
      await Promise.all([held.release(), clockIn]);
      expect(first).toBe('clocked in');
      await agrees(w, 'a clock-in during a publication');
    }
    await race('publication first', publishAgain(w.c, w.policy.id, 3), [ack(0, 2), enabled(1, false)]);
    await race('acknowledgement first', ack(2, 3), [publishAgain(w.c, w.policy.id, 4), ack(3, 3)]);
    await race('member disabled first', enabled(4, false), [
      publishAgain(w.c, w.policy.id, 5),
      ack(5, 4),
      enabled(1, true),
    ]);
    // A rebuild and acknowledgements queue and leave the series right. (The lock order that keeps
    // the two from deadlocking, the policies' rows shared in the rebuild, matters only when an
    // acknowledgement lands between the rebuild's two locks, which this helper cannot time.)
    const rebuild: Write = (tx) => tx.execute(sql`SELECT stats_policy_rebuild(${w.c})`);
    await race('acknowledgement before a rebuild', ack(0, 5), [rebuild]);
    await race('rebuild before an acknowledgement', rebuild, [ack(2, 5), ack(3, 5)]);
  }, 60_000);
});
