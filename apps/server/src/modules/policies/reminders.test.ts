import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgePolicy, createPolicy } from '../../db/seed/compliance-factories';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { enqueue } from '../../lib/jobs/queue';
import { createTestApp, type TestContext } from '../../test/harness';
import { POLICY_REMINDER_MAIL, POLICY_REMINDER_SCAN } from './reminders.service';

let t: TestContext;
let acme: string;
let ids: { due: string; overdue: string; done: string; later: string };

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.db.system(async (tx) => {
    const c = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const old = new Date(Date.now() - 90 * 86_400_000);
    const users = await Promise.all(
      ['due', 'overdue', 'done', 'later'].map((n) => createUser(tx, { email: `${n}@acme.test`, firstName: n })),
    );
    for (const u of users) await addMembership(tx, c.id, u.id, { createdAt: old });
    // Due in 2 days (published 12 days ago, 14 days to acknowledge): a reminder.
    const soon = await createPolicy(tx, c.id, {
      title: 'Soon',
      dueDays: 14,
      versions: [{ body: { html: '<p>a</p>' }, publishedDaysAgo: 12 }],
    });
    // Overdue for everyone but `done` (published 40 days ago, 14 days).
    const late = await createPolicy(tx, c.id, {
      title: 'Late',
      dueDays: 14,
      versions: [{ body: { html: '<p>b</p>' }, publishedDaysAgo: 40 }],
    });
    await acknowledgePolicy(tx, c.id, soon, users[2]!.id, 1, 1);
    await acknowledgePolicy(tx, c.id, late, users[2]!.id, 1, 1);
    // `later` only gets a policy due in 20 days: no reminder yet.
    return { c: c.id, users: users.map((u) => u.id) };
  });
  acme = made.c;
  ids = { due: made.users[0]!, overdue: made.users[1]!, done: made.users[2]!, later: made.users[3]! };
});
afterAll(() => t.close());

const jobsOf = async (type: string) =>
  (
    (await t.db.system((tx) =>
      tx.execute(sql`SELECT key, state FROM jobs WHERE type = ${type} AND company_id = ${acme} ORDER BY key`),
    )) as unknown as { rows: Array<{ key: string; state: string }> }
  ).rows;

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

const scan = async (key: string) => {
  await t.db.scoped({ companyId: acme }, (tx) => enqueue(tx, { type: POLICY_REMINDER_SCAN, companyId: acme, key }));
  t.app.jobs.wake();
  await until(async () => (await jobsOf(POLICY_REMINDER_SCAN)).find((j) => j.key === key)?.state === 'done');
};

describe('policy reminders', () => {
  it('mails each person with something due soon or overdue once a day, however often the scan runs', async () => {
    t.app.mailer.outbox.length = 0;
    await scan('scan-1');
    // A second scan the same day (a restart after kill -9, another process): no second job, no second mail.
    await scan('scan-2');
    await until(async () => (await jobsOf(POLICY_REMINDER_MAIL)).every((j) => j.state === 'done'));
    const mails = await jobsOf(POLICY_REMINDER_MAIL);
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.key.split(':')[2]).sort()).toEqual([ids.due, ids.overdue, ids.later].sort());
    const to = t.app.mailer.outbox.map((m) => m.to).sort();
    // `later` has "Late" overdue too (everyone was assigned it), `done` acknowledged both.
    expect(to).toEqual(['due@acme.test', 'later@acme.test', 'overdue@acme.test']);
    const mail = t.app.mailer.outbox.find((m) => m.to === 'due@acme.test')!;
    expect(mail.subject).toBe('Acme: policies to acknowledge');
    expect(mail.text).toContain('Soon (due');
    expect(mail.text).toContain('Late (overdue since');
    expect(mail.text).toContain('/admin/my-policies');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]+@/);
  });

  it('a scan whose process was killed (-9) mid-run is run again and mails no one twice', async () => {
    const mailsBefore = t.app.mailer.outbox.length;
    // What a kill -9 leaves: the scan claimed, running, its lease expired, nothing committed.
    await t.db.system((tx) =>
      tx.execute(sql`INSERT INTO jobs (type, company_id, key, state, attempts, locked_by, locked_until)
        VALUES (${POLICY_REMINDER_SCAN}, ${acme}, 'scan-killed', 'running', 1, 'killed-worker', now() - interval '1 minute')`),
    );
    t.app.jobs.wake();
    await until(
      async () => (await jobsOf(POLICY_REMINDER_SCAN)).find((j) => j.key === 'scan-killed')?.state === 'done',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await jobsOf(POLICY_REMINDER_MAIL)).toHaveLength(3);
    expect(t.app.mailer.outbox.length).toBe(mailsBefore);
  });

  it('a scan killed before its commit left no mail job; its rerun forgets no one', async () => {
    // The scan's enqueue commits with the transaction that marks it done (job.finish): a kill
    // before that commit leaves no mail job at all, which is what removing them reproduces.
    await t.db.system((tx) => tx.execute(sql`DELETE FROM jobs WHERE type = ${POLICY_REMINDER_MAIL}`));
    t.app.mailer.outbox.length = 0;
    await scan('scan-after-kill');
    await until(async () => t.app.mailer.outbox.length === 3);
    expect(t.app.mailer.outbox.map((m) => m.to).sort()).toEqual([
      'due@acme.test',
      'later@acme.test',
      'overdue@acme.test',
    ]);
  });
});
