import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedule } from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { createTimeOffRequest, createTimeOffType } from '../../db/seed/time-off-factories';
import { createCtx, forCompany } from '../../lib/context';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { periodStart } from './balances.service';

/**
 * A request is counted in working days when it is made; a public holiday added, moved or removed
 * afterwards counts it again (a job the holidays enqueue, and the approval itself), and an approved
 * one's ledger gets the difference. A QA walk found a holiday added after the request still charged
 * as leave: "3 days" in the approval and "Taken −3" in the ledger for a request with 2 working days.
 */
let t: TestContext;
let ids: Record<string, string>;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const mk = async (email: string, roles = ['member']) => {
      const u = await createUser(tx, { email, firstName: email.split('@')[0], lastName: 'Test' });
      await addMembership(tx, acme.id, u.id, { roles });
      return u.id;
    };
    const admin = await mk('admin@acme.test', ['admin']);
    const bob = await mk('bob@acme.test');
    const vacation = await createTimeOffType(tx, acme.id, { name: 'Vacation', yearlyAllowance: 25 });
    const sick = await createTimeOffType(tx, acme.id, { name: 'Sick', allowNegative: true, needsApproval: false });
    // Leave long over: holidays added on its days later leave it as it was taken.
    const past = await createTimeOffRequest(tx, acme.id, {
      userId: bob,
      typeId: vacation.id,
      startDate: '2025-03-03',
      endDate: '2025-03-05',
      amount: 3,
      status: 'approved',
    });
    const office = await createSchedule(tx, acme.id, { name: 'Office', isDefault: true });
    return { acme: acme.id, admin, bob, vacation: vacation.id, sick: sick.id, past: past!.id, office: office.id };
  });
  for (const who of ['admin', 'bob']) tok[who] = (await tokenFor(t.app, ids[who]!, ids.acme!)).token;
  await periodStart(forCompany(createCtx(t.app), ids.acme!), { year: 2027, month: 1 });
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: string, payload?: object) =>
  call(t.app, { method, url, host: 'acme', token: tok[who], payload });
const ask = async (typeUuid: string, startDate: string, endDate: string) => {
  const res = await req('POST', '/api/time-off/requests', 'bob', { typeUuid, startDate, endDate });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { uuid: string; amount: number; status: string };
};
const holiday = async (date: string) => {
  const res = await req('POST', '/api/attendance/holidays', 'admin', { date, name: `Holiday ${date}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uuid as string;
};
const amountOf = async (id: string) =>
  (
    await t.db.system((tx) =>
      rows<{ a: number }>(tx, sql`SELECT amount::float8 AS a FROM time_off_requests WHERE id = ${id}`),
    )
  )[0]!.a;
const ledgerOf = (id: string) =>
  t.db.system((tx) =>
    rows<{ amount: number; reason: string | null }>(
      tx,
      sql`SELECT amount::float8 AS amount, reason FROM time_off_ledger WHERE request_id = ${id} ORDER BY created_at, id`,
    ),
  );
/** Waits for the holidays' job to have counted the request to `amount`. */
async function until(id: string, amount: number) {
  for (let i = 0; i < 200 && (await amountOf(id)) !== amount; i++) await new Promise((r) => setTimeout(r, 50));
  expect(await amountOf(id)).toBe(amount);
}

describe('time off counted again when the holidays change', () => {
  it('a holiday added later: the pending request and the approved one take a day less, the ledger gets it back', async () => {
    // Monday to Wednesday, three working days each.
    const pending = await ask(ids.vacation!, '2027-01-11', '2027-01-13');
    const approved = await ask(ids.sick!, '2027-01-18', '2027-01-20');
    expect([pending.amount, pending.status, approved.amount, approved.status]).toEqual([3, 'pending', 3, 'approved']);

    await holiday('2027-01-12');
    await holiday('2027-01-19');
    await until(pending.uuid, 2);
    await until(approved.uuid, 2);
    expect(await ledgerOf(approved.uuid)).toEqual([
      { amount: -3, reason: null },
      { amount: 1, reason: 'recounted' },
    ]);
    // What the person and their approver read says so.
    const mine = (await req('GET', '/api/time-off/requests', 'bob')).json().data;
    expect(mine.find((r: { uuid: string }) => r.uuid === pending.uuid).amount).toBe(2);

    // Approving takes the two days the request now holds.
    expect((await req('POST', `/api/time-off/requests/${pending.uuid}/approve`, 'admin', {})).json().amount).toBe(2);
    expect((await ledgerOf(pending.uuid)).map((e) => e.amount)).toEqual([-2]);

    // Leave long over is left as it was taken.
    await holiday('2025-03-04');
    await new Promise((r) => setTimeout(r, 300));
    expect(await amountOf(ids.past!)).toBe(3);
  });

  it('the approval counts again itself, before the job has run, and a holiday removed gives the day back to the request', async () => {
    const r = await ask(ids.vacation!, '2027-02-01', '2027-02-03');
    const feb2 = await holiday('2027-02-02');
    // At once: whichever of the job and the approval counts first, the difference is written once.
    const approved = await req('POST', `/api/time-off/requests/${r.uuid}/approve`, 'admin', {});
    expect([approved.statusCode, approved.json().amount]).toEqual([200, 2]);
    await new Promise((res) => setTimeout(res, 300));
    expect((await ledgerOf(r.uuid)).reduce((s, e) => s + e.amount, 0)).toBe(-2);

    expect((await req('DELETE', `/api/attendance/holidays/${feb2}`, 'admin')).statusCode).toBe(204);
    await until(r.uuid, 3);
    expect((await ledgerOf(r.uuid)).reduce((s, e) => s + e.amount, 0)).toBe(-3);
    const audit = await t.db.system((tx) =>
      rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'time_off_request.recount' AND target_id = ${r.uuid}`,
      ),
    );
    expect(audit[0]!.n).toBeGreaterThanOrEqual(1);
  });
});

describe('time off counted again when a schedule changes', () => {
  const sum = async (id: string) => (await ledgerOf(id)).reduce((s, e) => s + e.amount, 0);
  const jobsDone = async () => {
    for (let i = 0; i < 200; i++) {
      const [r] = await t.db.system((tx) =>
        rows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM jobs WHERE type = 'calendar.schedules-changed' AND state <> 'done'`,
        ),
      );
      if (r!.n === 0) return;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('the recount jobs did not finish');
  };

  it('an assignment from a date counts the days after it on the new schedule, and its removal counts them back', async () => {
    // Monday to Friday: five office days, taken at once (no approval needed).
    const r = await ask(ids.sick!, '2027-03-01', '2027-03-05');
    expect([r.amount, r.status]).toEqual([5, 'approved']);
    // A part-time schedule (Monday to Wednesday) from the Wednesday on: Mon, Tue (office) and Wed.
    const made = await req('POST', '/api/attendance/schedules', 'admin', {
      name: 'Part time',
      days: [
        { start: '09:00', end: '17:00' },
        { start: '09:00', end: '17:00' },
        { start: '09:00', end: '17:00' },
        null,
        null,
        null,
        null,
      ],
      breakMinutes: 0,
      graceMinutes: 0,
    });
    expect(made.statusCode, made.body).toBe(201);
    const assigned = await req('POST', '/api/attendance/assignments', 'admin', {
      userUuid: ids.bob,
      scheduleUuid: made.json().uuid,
      effectiveFrom: '2027-03-03',
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    await until(r.uuid, 3);
    expect(await ledgerOf(r.uuid)).toEqual([
      { amount: -5, reason: null },
      { amount: 2, reason: 'recounted' },
    ]);
    // Withdrawn: the office week again, the two days taken again.
    expect((await req('DELETE', `/api/attendance/assignments/${assigned.json().uuid}`, 'admin')).statusCode).toBe(204);
    await until(r.uuid, 5);
    expect(await sum(r.uuid)).toBe(-5);
  });

  it("a change to the default schedule's days counts everyone's time off not over again; a new name does not", async () => {
    const r = await ask(ids.vacation!, '2027-04-05', '2027-04-09');
    expect(r.amount).toBe(5);
    const office = (await req('GET', `/api/attendance/schedules/${ids.office}`, 'admin')).json();
    const queued = async () =>
      (
        await t.db.system((tx) =>
          rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM jobs WHERE type = 'calendar.schedules-changed'`),
        )
      )[0]!.n;
    const before = await queued();
    const renamed = await req('PATCH', `/api/attendance/schedules/${ids.office}`, 'admin', {
      version: office.version,
      name: 'Head office',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await queued()).toBe(before);
    // Fridays off from now on: the week holds four working days.
    const days = [...office.days];
    days[4] = null;
    const edited = await req('PATCH', `/api/attendance/schedules/${ids.office}`, 'admin', {
      version: renamed.json().version,
      days,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await until(r.uuid, 4);
    await jobsDone();
    // Leave long over stays as it was taken.
    expect(await amountOf(ids.past!)).toBe(3);
  });
});
