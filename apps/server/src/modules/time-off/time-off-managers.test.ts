import { userChannel } from '@wac/shared/realtime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedule, setCompanyTimeZone } from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createUser, setEmployee } from '../../db/seed/factories';
import { addLedgerEntry, createTimeOffType } from '../../db/seed/time-off-factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

/**
 * A manager decides, reads and hears about their reports' time off only while the chain counts them
 * (membership on, employment not ended), as the org chart and the directory show it (docs/people.md).
 */

let t: TestContext;
let ids: Record<string, string>;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    await setCompanyTimeZone(tx, acme.id, 'Europe/Paris');
    const mk = async (email: string, firstName: string, roles = ['member']) => {
      const u = await createUser(tx, { email, firstName, lastName: 'Test' });
      await addMembership(tx, acme.id, u.id, { roles });
      return u.id;
    };
    const admin = await mk('admin@acme.test', 'Ada', ['admin']);
    const mia = await mk('mia@acme.test', 'Mia');
    const bob = await mk('bob@acme.test', 'Bob');
    await setEmployee(tx, acme.id, mia, { startDate: '2020-01-01' });
    await setEmployee(tx, acme.id, bob, { managerUserId: mia });
    await createSchedule(tx, acme.id, { name: 'Office', isDefault: true });
    const vacation = await createTimeOffType(tx, acme.id, { name: 'Vacation', yearlyAllowance: 25 });
    const unpaid = await createTimeOffType(tx, acme.id, { name: 'Unpaid', allowNegative: true, needsApproval: false });
    return { acme: acme.id, admin, mia, bob, vacation: vacation.id, unpaid: unpaid.id };
  });
  for (const who of ['admin', 'mia', 'bob'] as const) tok[who] = (await tokenFor(t.app, ids[who]!, ids.acme!)).token;
  await t.db.system((tx) =>
    addLedgerEntry(tx, ids.acme!, {
      userId: ids.bob!,
      typeId: ids.vacation!,
      kind: 'grant',
      amount: 25,
      effectiveDate: '2027-01-01',
    }),
  );
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  call(t.app, { method, url, host: 'acme', token: tok[who], payload });

describe('a manager whose employment has ended', () => {
  it('no longer decides, reads or hears about the time off of their former reports; admins still do', async () => {
    const asked = await req('POST', '/api/time-off/requests', 'bob', {
      typeUuid: ids.vacation,
      startDate: '2027-03-01',
      endDate: '2027-03-02',
      note: 'Surgery',
    });
    expect(asked.statusCode).toBe(201);
    const id = asked.json().uuid as string;
    // While current, Mia is Bob's approver.
    expect((await req('GET', '/api/time-off/approvals/count', 'mia')).json()).toEqual({ pending: 1, isApprover: true });

    // Mia's employment ends (her membership stays enabled, as it often does for a while).
    await t.db.system((tx) =>
      tx.execute(
        sql`UPDATE employees SET end_date = '2021-06-30' WHERE company_id = ${ids.acme} AND user_id = ${ids.mia}`,
      ),
    );
    const approve = await req('POST', `/api/time-off/requests/${id}/approve`, 'mia', {});
    expect(approve.statusCode).toBe(404);
    for (const url of [
      `/api/time-off/requests?userUuid=${ids.bob}`,
      `/api/time-off/balances?userUuid=${ids.bob}`,
      `/api/time-off/ledger?userUuid=${ids.bob}`,
    ]) {
      expect((await req('GET', url, 'mia')).statusCode).toBe(404);
    }
    expect((await req('GET', '/api/time-off/approvals', 'mia')).json()).toMatchObject({ totalItems: 0, data: [] });
    expect((await req('GET', '/api/time-off/approvals/count', 'mia')).json()).toEqual({
      pending: 0,
      isApprover: false,
    });
    expect((await req('GET', '/api/time-off/calendar?month=2027-03', 'mia')).json().totalItems).toBe(0);

    // A new request of Bob's is not announced to her.
    const heard: string[] = [];
    const off = t.app.bus.subscribe(userChannel(ids.mia!), (m) => heard.push(m.type));
    const again = await req('POST', '/api/time-off/requests', 'bob', {
      typeUuid: ids.vacation,
      startDate: '2027-04-05',
      endDate: '2027-04-05',
    });
    off();
    expect(again.statusCode).toBe(201);
    expect(heard).toEqual([]);
    const [mails] = await t.db.system((tx) =>
      rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM jobs WHERE type = 'time-off.mail' AND payload::text LIKE ${`%${ids.mia}%`}`,
      ),
    );
    expect(mails!.n).toBe(1);

    // The admin decides; the request was Mia's to see only while she was Bob's manager.
    expect((await req('POST', `/api/time-off/requests/${id}/approve`, 'admin', {})).json()).toMatchObject({
      status: 'approved',
    });
  });
});
