import { zonedDate } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCompanyTimeZone } from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
let ids: Record<string, string>;
let bob: string;
let gina: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    await setCompanyTimeZone(tx, acme.id, 'America/New_York');
    await setCompanyTimeZone(tx, globex.id, 'Pacific/Kiritimati');
    const b = await createUser(tx, { email: 'b@acme.test', firstName: 'Bob' });
    const g = await createUser(tx, { email: 'g@globex.test', firstName: 'Gina' });
    await addMembership(tx, acme.id, b.id);
    await addMembership(tx, globex.id, g.id);
    return { acme: acme.id, globex: globex.id, b: b.id, g: g.id };
  });
  bob = (await tokenFor(t.app, ids.b!, ids.acme!)).token;
  gina = (await tokenFor(t.app, ids.g!, ids.globex!)).token;
});
afterAll(() => t.close());

const post = (path: string, key: string, token = bob, host = 'acme', lang = 'en') =>
  call(t.app, {
    method: 'POST',
    url: `/api/attendance/me/${path}`,
    host,
    token,
    payload: { idempotencyKey: key, source: 'web' },
    headers: { 'user-agent': 'Vitest browser', 'accept-language': lang },
  });
const me = (token = bob, host = 'acme') =>
  call(t.app, { method: 'GET', url: '/api/attendance/me', host, token }).then((r) => r.json());
const openCount = async (userId: string) =>
  (
    await t.db.system((tx) =>
      rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM attendance_entries WHERE user_id = ${userId} AND status = 'open'`,
      ),
    )
  )[0]!.n;

describe('clocking', () => {
  let first: { uuid: string; workDate: string; clockIn: string };

  it('says a missing key is required and a key of the wrong type is not valid (it read "required"); nothing is made', async () => {
    const send = (payload: object) =>
      call(t.app, { method: 'POST', url: '/api/attendance/me/clock-in', host: 'acme', token: bob, payload });
    const wrongType = await send({ idempotencyKey: 12345678 });
    expect([wrongType.statusCode, wrongType.json().issues]).toEqual([
      400,
      [{ path: 'body.idempotencyKey', code: 'invalid', message: 'This value is not valid.' }],
    ]);
    for (const payload of [{}, { idempotencyKey: null }]) {
      expect((await send(payload)).json().issues[0].code).toBe('required');
    }
    expect(await openCount(ids.b!)).toBe(0);
  });

  it("clocks in at the server's clock, on the company's day", async () => {
    const before = Date.now();
    const res = await post('clock-in', 'key-in-00001');
    expect(res.statusCode).toBe(200);
    first = res.json();
    expect(res.json()).toMatchObject({ status: 'open', source: 'web', clockOut: null });
    expect(Date.parse(first.clockIn)).toBeGreaterThanOrEqual(before - 1000);
    expect(first.workDate).toBe(zonedDate(new Date(first.clockIn), 'America/New_York'));
    const day = await me();
    expect(day).toMatchObject({ date: first.workDate, timeZone: 'America/New_York', open: { uuid: first.uuid } });
  });

  it('a retry with the same key answers the same entry; another key is refused while one is open', async () => {
    const again = await post('clock-in', 'key-in-00001');
    expect(again.statusCode).toBe(200);
    expect(again.json().uuid).toBe(first.uuid);
    const second = await post('clock-in', 'key-in-00002', bob, 'acme', 'fr');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'ALREADY_CLOCKED_IN',
      message: 'Vous avez déjà pointé votre arrivée.',
    });
    expect(await openCount(ids.b!)).toBe(1);
  });

  it('clocks out once; the same key replays, a new one finds nothing open', async () => {
    const out = await post('clock-out', 'key-out-0001');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ uuid: first.uuid, status: 'closed' });
    expect(Date.parse(out.json().clockOut)).toBeGreaterThan(Date.parse(first.clockIn));
    expect((await post('clock-out', 'key-out-0001')).json().uuid).toBe(first.uuid);
    const none = await post('clock-out', 'key-out-0002');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NOT_CLOCKED_IN');
  });

  it('allows several pairs a day and counts the time worked', async () => {
    expect((await post('clock-in', 'key-in-00003')).statusCode).toBe(200);
    const day = await me();
    expect(day.entries).toHaveLength(2);
    expect(day.open).not.toBeNull();
    expect(day.workedSeconds).toBeGreaterThanOrEqual(0);
    expect((await post('clock-out', 'key-out-0003')).statusCode).toBe(200);
  });

  it('ten simultaneous clock-ins with different keys make exactly one entry', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post('clock-in', `burst-key-${i}`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await openCount(ids.b!)).toBe(1);
    await post('clock-out', 'burst-out-01');
  });

  it('keeps source, address and user agent, and audits each clocking', async () => {
    const [e] = await t.db.system((tx) =>
      rows<{ source: string; user_agent: string; ip: string }>(
        tx,
        sql`SELECT source, user_agent, ip FROM attendance_entries WHERE id = ${first.uuid}`,
      ),
    );
    expect(e).toMatchObject({ source: 'web', user_agent: 'Vitest browser', ip: '127.0.0.1' });
    const audit = await t.db.system((tx) =>
      rows<{ action: string }>(
        tx,
        sql`SELECT action FROM audit_log WHERE target_id = ${first.uuid} ORDER BY created_at`,
      ),
    );
    expect(audit.map((a) => a.action)).toEqual(['attendance.clock_in', 'attendance.clock_out']);
  });

  it("two companies in different zones: each entry gets its own company's day", async () => {
    const res = await post('clock-in', 'gina-in-0001', gina, 'globex');
    expect(res.statusCode).toBe(200);
    expect(res.json().workDate).toBe(zonedDate(new Date(res.json().clockIn), 'Pacific/Kiritimati'));
    // Bob's company does not see Gina's entry.
    expect((await me()).entries.every((e: { userUuid: string }) => e.userUuid === ids.b)).toBe(true);
  });

  it('refuses a missing or short key and a client-chosen time', async () => {
    const noKey = await call(t.app, {
      method: 'POST',
      url: '/api/attendance/me/clock-in',
      host: 'acme',
      token: bob,
      payload: {},
    });
    expect(noKey.statusCode).toBe(400);
    const withTime = await call(t.app, {
      method: 'POST',
      url: '/api/attendance/me/clock-in',
      host: 'acme',
      token: bob,
      payload: { idempotencyKey: 'key-in-99999', at: '2020-01-01T00:00:00Z' },
    });
    expect(withTime.statusCode).toBe(400);
    expect(await openCount(ids.b!)).toBe(0);
  });
});
