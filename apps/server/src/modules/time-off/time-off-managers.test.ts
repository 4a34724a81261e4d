import { userChannel } from '@wac/shared/realtime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql';
import type { TestContext } from '../../test/harness';
import { openSmallAcme } from './small-acme.test-support';

/**
 * A manager decides, reads and hears about their reports' time off only while the chain counts them
 * (membership on, employment not ended), as the org chart and the directory show it (docs/people.md).
 */

let t: TestContext;
let ids: Awaited<ReturnType<typeof openSmallAcme>>['ids'];
let req: Awaited<ReturnType<typeof openSmallAcme>>['req'];

beforeAll(async () => {
  ({ t, ids, req } = await openSmallAcme());
});
afterAll(() => t.close());

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
