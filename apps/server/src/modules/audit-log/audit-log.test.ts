import { AUDIT_COUNT_CAP } from '@wac/shared/schemas/audit-log';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
let ids: Record<string, string>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const a = await createUser(tx, { email: 'a@acme.test' });
    const b = await createUser(tx, { email: 'b@acme.test', firstName: 'Bob', lastName: 'Brown' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, b.id);
    return { acme: acme.id, a: a.id, b: b.id };
  });
  admin = (await tokenFor(t.app, ids.a!, ids.acme!)).token;
  await call(t.app, {
    method: 'POST',
    url: '/api/teams',
    host: 'acme',
    token: admin,
    payload: { name: '=HYPERLINK("x")' },
  });
  const b = (await call(t.app, { method: 'GET', url: `/api/members/${ids.b}`, host: 'acme', token: admin })).json();
  await call(t.app, {
    method: 'PATCH',
    url: `/api/members/${ids.b}`,
    host: 'acme',
    token: admin,
    payload: { version: b.version, emailEnabled: false },
  });
});
afterAll(() => t.close());

const get = (url: string) => call(t.app, { method: 'GET', url, host: 'acme', token: admin });

describe('audit log', () => {
  it('lists writes newest first with actor, before/after and where from', async () => {
    const res = (await get('/api/audit-log')).json();
    expect(res).toMatchObject({ page: 1, itemsPerPage: 10, totalItems: 2 });
    expect(res.data.map((e: { action: string }) => e.action)).toEqual(['member.update', 'team.create']);
    expect(res.data[0]).toMatchObject({
      targetType: 'user',
      targetId: ids.b,
      actor: { uuid: ids.a, email: 'a@acme.test' },
      before: { emailEnabled: true },
      after: { emailEnabled: false },
      ip: '127.0.0.1',
    });
  });

  it('names what each entry is about, as it is called now', async () => {
    const res = (await get('/api/audit-log')).json();
    expect(res.data.map((e: { targetName: string | null }) => e.targetName)).toEqual(['Bob Brown', '=HYPERLINK("x")']);
  });

  it('filters by what an entry is about, and refuses an unknown kind', async () => {
    const users = (await get('/api/audit-log?targetType=user')).json();
    expect(users.data.map((e: { action: string }) => e.action)).toEqual(['member.update']);
    expect((await get('/api/audit-log?targetType=team')).json().totalItems).toBe(1);
    const bad = await get('/api/audit-log?targetType=planet');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('filters by action, actor and date range', async () => {
    expect((await get('/api/audit-log?action=team.create')).json().totalItems).toBe(1);
    expect((await get(`/api/audit-log?actor=${ids.b}`)).json().totalItems).toBe(0);
    expect((await get(`/api/audit-log?actor=${ids.a}&order=asc`)).json().data[0].action).toBe('team.create');
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await get(`/api/audit-log?from=${encodeURIComponent(future)}`)).json().totalItems).toBe(0);
    expect((await get(`/api/audit-log?to=${encodeURIComponent(future)}`)).json().totalItems).toBe(2);
    expect((await get('/api/audit-log?from=yesterday')).statusCode).toBe(400);
    // A range that ends before it starts (an edited address): said, not answered as an empty page.
    const inverted = `from=${encodeURIComponent('2026-11-30T00:00:00Z')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`;
    for (const url of [`/api/audit-log?${inverted}`, `/api/audit-log/export.csv?${inverted}`]) {
      const res = await get(url);
      expect([res.statusCode, res.json().issues[0]], url).toEqual([
        400,
        expect.objectContaining({ path: 'querystring.to', code: 'dateOrder' }),
      ]);
    }
    // The same instant written in two offsets is in order.
    const sameInstant = `from=${encodeURIComponent('2026-01-01T01:00:00+01:00')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`;
    expect((await get(`/api/audit-log?${sameInstant}`)).statusCode).toBe(200);
  });

  it('exports the filtered log as CSV, before/after as JSON cells', async () => {
    const res = await get('/api/audit-log/export.csv?action=team.create');
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('team.create');
    expect(lines[0]).toBe('createdAt,action,targetType,targetId,targetName,actorEmail,ip,before,after');
    expect(lines[1]).toContain('a@acme.test');
    expect(lines[1]).toContain('"{""name"":""=HYPERLINK(\\""x\\"")""');
  });

  it('leaves no entry for a save that changed nothing (a form sent back as it was)', async () => {
    const b = (await get(`/api/members/${ids.b}`)).json();
    const again = await call(t.app, {
      method: 'PATCH',
      url: `/api/members/${ids.b}`,
      host: 'acme',
      token: admin,
      payload: { version: b.version, emailEnabled: false },
    });
    expect(again.statusCode).toBe(200);
    const res = (await get('/api/audit-log')).json();
    expect(res.totalItems).toBe(2);
    expect(res.data.map((e: { action: string }) => e.action)).toEqual(['member.update', 'team.create']);
  });

  it('counts a filtered listing up to its cap, then says "at least" (no count over millions per page)', async () => {
    expect((await get('/api/audit-log?action=team.create')).json()).toMatchObject({
      totalItems: 1,
      totalIsLowerBound: false,
    });
    // One more than the cap, through the chaining trigger like any audited write.
    await t.db.system((tx) =>
      tx.execute(sql`INSERT INTO audit_log (company_id, actor_user_id, action, target_type, target_id)
        SELECT ${ids.acme}::uuid, ${ids.a}::uuid, 'member.update', 'user', ${ids.b}::uuid
          FROM generate_series(1, ${AUDIT_COUNT_CAP + 1}::int)`),
    );
    const capped = (await get('/api/audit-log?action=member.update&page=3')).json();
    expect(capped).toMatchObject({ page: 3, totalItems: AUDIT_COUNT_CAP, totalIsLowerBound: true });
    expect(capped.data).toHaveLength(10);
    // Unfiltered, the total is exact (the chain head's number), whatever its size.
    const all = (await get('/api/audit-log')).json();
    expect(all.totalIsLowerBound).toBe(false);
    expect(all.totalItems).toBeGreaterThan(AUDIT_COUNT_CAP + 1);
    // The chain is still whole after them.
    expect((await get('/api/audit-log/verify')).json()).toMatchObject({ intact: true });
  }, 60_000);

  it('members cannot read it', async () => {
    const { token } = await tokenFor(t.app, ids.b!, ids.acme!);
    expect((await call(t.app, { method: 'GET', url: '/api/audit-log', host: 'acme', token })).statusCode).toBe(403);
  });
});
