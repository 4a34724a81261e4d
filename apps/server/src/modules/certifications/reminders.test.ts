import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay, createCertificationType, recordCertification } from '../../db/seed/certification-factories';
import { addMembership, createCompany, createTeam, createUser } from '../../db/seed/factories';
import { enqueue } from '../../lib/jobs/queue';
import { createTestApp, type TestContext } from '../../test/harness';
import { CERTIFICATION_REMINDER_MAIL, CERTIFICATION_REMINDER_SCAN } from './reminders.service';

let t: TestContext;
let acme: string;
let ids: Record<'soon' | 'expired' | 'missing' | 'fine' | 'outside', string>;

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.db.system(async (tx) => {
    const c = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const names = ['soon', 'expired', 'missing', 'fine', 'outside'] as const;
    const users = await Promise.all(names.map((n) => createUser(tx, { email: `${n}@acme.test`, firstName: n })));
    for (const u of users) await addMembership(tx, c.id, u.id);
    const [soon, expired, missing, fine, outside] = users.map((u) => u.id) as [string, string, string, string, string];
    const crew = await createTeam(tx, c.id, { name: 'Crew', memberIds: [soon, expired, missing, fine] });
    // Reminders start 20 days before expiry for this type; `outside` is not in its audience.
    const type = await createCertificationType(tx, c.id, {
      name: 'First aid',
      validityMonths: 24,
      remindDaysBefore: 20,
      audienceTeamIds: [crew.id],
    });
    await recordCertification(tx, c.id, type, soon, { expiresOn: await companyDay(tx, c.id, 20) });
    await recordCertification(tx, c.id, type, expired, { expiresOn: await companyDay(tx, c.id, -1) });
    await recordCertification(tx, c.id, type, fine, { expiresOn: await companyDay(tx, c.id, 21) });
    return { c: c.id, soon, expired, missing, fine, outside };
  });
  acme = made.c;
  ids = made;
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
  await t.db.scoped({ companyId: acme }, (tx) =>
    enqueue(tx, { type: CERTIFICATION_REMINDER_SCAN, companyId: acme, key }),
  );
  t.app.jobs.wake();
  await until(async () => (await jobsOf(CERTIFICATION_REMINDER_SCAN)).find((j) => j.key === key)?.state === 'done');
};

describe('certification reminders', () => {
  it('mails who is expiring within the type’s window, expired or missing, once a day however often the scan runs', async () => {
    t.app.mailer.outbox.length = 0;
    await scan('scan-1');
    await scan('scan-2');
    await until(async () => (await jobsOf(CERTIFICATION_REMINDER_MAIL)).every((j) => j.state === 'done'));
    const jobs = await jobsOf(CERTIFICATION_REMINDER_MAIL);
    expect(jobs).toHaveLength(3);
    const day = await t.db.system((tx) => companyDay(tx, acme));
    // Keyed on company + person + day: the idempotency that makes a second scan add nothing.
    expect(jobs.map((j) => j.key).sort()).toEqual(
      [ids.soon, ids.expired, ids.missing].map((u) => `${CERTIFICATION_REMINDER_MAIL}:${acme}:${u}:${day}`).sort(),
    );
    await until(async () => t.app.mailer.outbox.length === 3);
    expect(t.app.mailer.outbox.map((m) => m.to).sort()).toEqual([
      'expired@acme.test',
      'missing@acme.test',
      'soon@acme.test',
    ]);
    const missing = t.app.mailer.outbox.find((m) => m.to === 'missing@acme.test')!;
    expect(missing.subject).toBe('Acme: certifications to renew');
    expect(missing.text).toContain('First aid (missing)');
    expect(missing.text).toContain('/admin/my-certifications');
    expect(t.app.mailer.outbox.find((m) => m.to === 'expired@acme.test')!.text).toContain('First aid (expired on');
    expect(t.app.mailer.outbox.find((m) => m.to === 'soon@acme.test')!.text).toContain('First aid (expires');
  });

  it('a scan killed (-9) while running is run again and mails no one twice', async () => {
    const before = t.app.mailer.outbox.length;
    // What a kill -9 leaves: the scan claimed, running, its lease expired, nothing committed.
    await t.db.system((tx) =>
      tx.execute(sql`INSERT INTO jobs (type, company_id, key, state, attempts, locked_by, locked_until)
        VALUES (${CERTIFICATION_REMINDER_SCAN}, ${acme}, 'scan-killed', 'running', 1, 'killed-worker', now() - interval '1 minute')`),
    );
    t.app.jobs.wake();
    await until(
      async () => (await jobsOf(CERTIFICATION_REMINDER_SCAN)).find((j) => j.key === 'scan-killed')?.state === 'done',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await jobsOf(CERTIFICATION_REMINDER_MAIL)).toHaveLength(3);
    expect(t.app.mailer.outbox.length).toBe(before);
  });

  it('a mail job killed after sending but before completing is re-run with the same Message-ID (deduplicated downstream)', async () => {
    const first = t.app.mailer.outbox.find((m) => m.to === 'soon@acme.test')!;
    const key = (await jobsOf(CERTIFICATION_REMINDER_MAIL)).find((j) => j.key.includes(ids.soon))!.key;
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE jobs SET state = 'running', locked_by = 'killed-worker', locked_until = now() - interval '1 minute'
        WHERE key = ${key}`),
    );
    t.app.mailer.outbox.length = 0;
    t.app.jobs.wake();
    await until(async () => t.app.mailer.outbox.length === 1);
    expect(t.app.mailer.outbox[0]!.messageId).toBe(first.messageId);
  });
});
