import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedule, setCompanyTimeZone } from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createUser, setEmployee } from '../../db/seed/factories';
import { addLedgerEntry, createTimeOffType } from '../../db/seed/time-off-factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

/**
 * A request spans at most a year: each day of an approved request is a row of the day board and the
 * Stats aggregates, so a member's one request over decades wrote some 27,000 rows (9 s on PGlite).
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

describe('the span of a request', () => {
  it('refuses a request or a preview spanning more than a year, which would write a day row per day for decades', async () => {
    const decades = { typeUuid: ids.unpaid, startDate: '2027-01-04', endDate: '2099-12-31' };
    for (const url of ['/api/time-off/requests/preview', '/api/time-off/requests']) {
      const res = await req('POST', url, 'bob', decades);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'body.endDate', code: 'dateRange' }],
      });
    }
    const [days] = await t.db.system((tx) =>
      rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM time_off_requests WHERE user_id = ${ids.bob}`),
    );
    expect(days!.n).toBe(0);
    // A year at a time is fine, as the working-days count it is made of.
    const year = await req('POST', '/api/time-off/requests', 'bob', { ...decades, endDate: '2027-12-31' });
    expect(year.statusCode).toBe(201);
    expect((await req('POST', `/api/time-off/requests/${year.json().uuid}/cancel`, 'bob')).statusCode).toBe(200);
  });
});
