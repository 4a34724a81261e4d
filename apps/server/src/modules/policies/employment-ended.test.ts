import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgePolicy, createPolicy } from '../../db/seed/compliance-factories';
import { addMembership, createCompany, createUser, setEmployee } from '../../db/seed/factories';
import { enqueue } from '../../lib/jobs/queue';
import { rows } from '../../lib/sql';
import { createTestApp, type TestContext } from '../../test/harness';
import * as acks from './acknowledgements.repository';
import * as tracking from './tracking.repository';
import { EMPLOYMENT_ENDED_JOB } from './tracking.service';

/**
 * An ended employment (end date before the company's today) leaves every policy's audience: not
 * assigned, not overdue, not reminded, its acknowledgements kept. The day an end date passes no row
 * changes, so the daily job `policy.employment-ended` takes the person out. "A day passing" is
 * played by moving the company from UTC−11 (Pago Pago) to UTC+14 (Kiritimati): the same instant is
 * a day later there, so an employment whose last day is Pago Pago's today has ended in Kiritimati.
 */
let t: TestContext;
let c: string;
let policy: string;
let people: { staying: string; lastDay: string; ended: string };

const todayIn = async (zone: string) =>
  (
    await t.db.system((tx) =>
      rows<{ d: string }>(tx, sql`SELECT to_char((now() AT TIME ZONE ${zone})::date, 'YYYY-MM-DD') AS d`),
    )
  )[0]!.d;

const completion = () => t.db.scoped({ companyId: c }, (tx) => tracking.completion(tx, c, policy));
const reminded = async () =>
  (await t.db.scoped({ companyId: c }, (tx) => acks.dueSoonPeople(tx, c, 3))).map((r) => r.user_id).sort();
const mine = (userId: string) => t.db.scoped({ companyId: c }, (tx) => acks.mine(tx, c, userId));

async function runJob(key: string) {
  await t.db.scoped({ companyId: c }, (tx) => enqueue(tx, { type: EMPLOYMENT_ENDED_JOB, companyId: c, key }));
  t.app.jobs.wake();
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    const [j] = await t.db.system((tx) =>
      rows<{ state: string }>(tx, sql`SELECT state FROM jobs WHERE type = ${EMPLOYMENT_ENDED_JOB} AND key = ${key}`),
    );
    if (j?.state === 'done') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the job did not run');
}

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.db.system(async (tx) => {
    const company = await createCompany(tx, { name: 'Ends', subDomain: 'ends' });
    await tx.execute(sql`UPDATE companies SET time_zone = 'Pacific/Pago_Pago' WHERE id = ${company.id}`);
    const old = new Date(Date.now() - 90 * 86_400_000);
    const users = await Promise.all(
      ['staying', 'last-day', 'ended'].map((n) => createUser(tx, { email: `${n}@ends.test`, firstName: n })),
    );
    for (const u of users) await addMembership(tx, company.id, u.id, { createdAt: old });
    // Published 20 days ago with 14 days to acknowledge: overdue for whoever has not.
    const p = await createPolicy(tx, company.id, {
      title: 'Conduct',
      dueDays: 14,
      versions: [{ body: { html: '<p>a</p>' }, publishedDaysAgo: 20 }],
    });
    // The one who left had acknowledged: that record stays.
    await acknowledgePolicy(tx, company.id, p, users[2]!.id, 1, 1);
    return { c: company.id, p: p.id, users: users.map((u) => u.id) };
  });
  c = made.c;
  policy = made.p;
  people = { staying: made.users[0]!, lastDay: made.users[1]!, ended: made.users[2]! };
});
afterAll(() => t.close());

describe('an ended employment and the policies', () => {
  it('leaves the audience as soon as its end date is written in the past, and comes back when cleared', async () => {
    expect(await completion()).toMatchObject({ assigned: 3, acknowledged: 1, overdue: 2 });
    const today = await todayIn('Pacific/Pago_Pago');
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await t.db.system(async (tx) => {
      await setEmployee(tx, c, people.ended, { endDate: yesterday });
      await setEmployee(tx, c, people.lastDay, { endDate: today });
    });
    // The last day still counts; the day before is over.
    expect(await completion()).toEqual({ assigned: 2, acknowledged: 0, outstanding: 0, overdue: 2 });
    expect(await reminded()).toEqual([people.staying, people.lastDay].sort());
    expect(await mine(people.ended)).toEqual([]);
    expect((await mine(people.lastDay)).map((p) => p.status)).toEqual(['overdue']);
    // The acknowledgement of the one who left is kept (it is the record).
    const [kept] = await t.db.system((tx) =>
      rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM policy_acknowledgements WHERE company_id = ${c} AND user_id = ${people.ended}`,
      ),
    );
    expect(kept!.n).toBe(1);
    // The end date withdrawn: back in the audience, with the acknowledgement counted again.
    await t.db.system((tx) => setEmployee(tx, c, people.ended, { endDate: null }));
    expect(await completion()).toMatchObject({ assigned: 3, acknowledged: 1 });
    await t.db.system((tx) => setEmployee(tx, c, people.ended, { endDate: yesterday }));
    expect(await completion()).toMatchObject({ assigned: 2, acknowledged: 0 });
  });

  it('the daily job takes out whoever worked their last day, once, and tells open tracking pages', async () => {
    // A day later (the same instant a day ahead): the last day is over, but no row has changed.
    await t.db.system((tx) => tx.execute(sql`UPDATE companies SET time_zone = 'Pacific/Kiritimati' WHERE id = ${c}`));
    expect(await todayIn('Pacific/Kiritimati')).not.toBe(await todayIn('Pacific/Pago_Pago'));
    expect(await completion()).toMatchObject({ assigned: 2 });
    // What reads live already knows (statements that judge "today" when read).
    expect(await reminded()).toEqual([people.staying]);
    expect(await mine(people.lastDay)).toEqual([]);

    const seen: unknown[] = [];
    const off = t.app.bus.subscribe(`/company/${c}/events`, (m) => seen.push(m));
    await off.ready;
    await runJob('ended-1');
    expect(await completion()).toEqual({ assigned: 1, acknowledged: 0, outstanding: 0, overdue: 1 });
    expect(seen).toContainEqual({ type: 'listing_changed', resource: 'policies' });
    // A second run (another process, a retry) has nothing left to do and says nothing.
    seen.length = 0;
    await runJob('ended-2');
    off();
    expect(await completion()).toEqual({ assigned: 1, acknowledged: 0, outstanding: 0, overdue: 1 });
    expect(seen).toEqual([]);
    // The counters are what a rebuild from scratch makes of them.
    await t.db.system((tx) => tracking.rebuild(tx, c));
    expect(await completion()).toEqual({ assigned: 1, acknowledged: 0, outstanding: 0, overdue: 1 });
  });
});
