import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql';
import type { TestContext } from '../../test/harness';
import { openSmallAcme } from './small-acme.test-support';

/**
 * A request spans at most a year: each day of an approved request is a row of the day board and the
 * Stats aggregates, so a member's one request over decades wrote some 27,000 rows (9 s on PGlite).
 */

let t: TestContext;
let ids: Awaited<ReturnType<typeof openSmallAcme>>['ids'];
let req: Awaited<ReturnType<typeof openSmallAcme>>['req'];

beforeAll(async () => {
  ({ t, ids, req } = await openSmallAcme());
});
afterAll(() => t.close());

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
