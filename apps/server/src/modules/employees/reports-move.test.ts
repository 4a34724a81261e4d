import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser, setEmployee } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
let u: Record<string, string>;
let tok: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  u = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const person = async (email: string, first: string, company: string, roles = ['member']) => {
      const user = await createUser(tx, { email, firstName: first, lastName: 'Test' });
      await addMembership(tx, company, user.id, { roles });
      return user.id;
    };
    return {
      acme: acme.id,
      admin: await person('admin@acme.test', 'Ada', acme.id, ['admin']),
      boss: await person('boss@acme.test', 'Boss', acme.id),
      lead: await person('lead@acme.test', 'Lead', acme.id),
      r1: await person('r1@acme.test', 'Rita', acme.id),
      r2: await person('r2@acme.test', 'Raul', acme.id),
      gone: await person('gone@acme.test', 'Gone', acme.id),
      sub: await person('sub@acme.test', 'Sub', acme.id),
      off: await (async () => {
        // A disabled member who reported to Lead: not on the chart, not in the question, not moved.
        const u = await createUser(tx, { email: 'off@acme.test', firstName: 'Off', lastName: 'Test' });
        await addMembership(tx, acme.id, u.id, { enabled: false });
        return u.id;
      })(),
      gina: await person('gina@globex.test', 'Gina', globex.id, ['admin']),
    };
  });
  tok = {};
  for (const k of ['admin', 'lead']) tok[k] = (await tokenFor(t.app, u[k]!, u.acme!)).token;
});
afterAll(() => t.close());

const req = (method: 'GET' | 'PATCH', url: string, payload?: object, who = 'admin', lang = 'en') =>
  call(t.app, { method, url, host: 'acme', token: tok[who], payload, headers: { 'accept-language': lang } });
const record = async (who: string) => (await req('GET', `/api/employees/${u[who]}`)).json();
const patch = async (who: string, body: object, as = 'admin', lang = 'en') =>
  req('PATCH', `/api/employees/${u[who]}`, { version: (await record(who)).version, ...body }, as, lang);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const managerOf = async (who: string) => (await record(who)).manager?.uuid ?? null;

describe("a person's direct reports moved with their record", () => {
  it('moves the current reports (not an ended one) to the chosen manager in the same write, audited once', async () => {
    // Boss ← Lead ← Rita, Raul, Gone (ended last year); Sub under Rita.
    await patch('lead', { managerUuid: u.boss });
    for (const r of ['r1', 'r2', 'gone']) await patch(r, { managerUuid: u.lead });
    await patch('gone', { endDate: '2020-12-31' });
    await patch('sub', { managerUuid: u.r1 });
    await t.db.system((tx) => setEmployee(tx, u.acme!, u.off!, { managerUserId: u.lead }));

    const res = await patch('lead', { endDate: inDays(30), reportsTo: u.boss });
    expect(res.statusCode).toBe(200);
    expect(res.json().endDate).toBe(inDays(30));
    expect([await managerOf('r1'), await managerOf('r2'), await managerOf('gone')]).toEqual([u.boss, u.boss, u.lead]);
    expect(await managerOf('sub')).toBe(u.r1);
    expect(await managerOf('off')).toBe(u.lead);
    const audit = await t.db.system((tx) =>
      rows<{ action: string; after: { people: number } }>(
        tx,
        sql`SELECT action, after FROM audit_log WHERE target_id = ${u.lead} ORDER BY seq`,
      ),
    );
    expect(audit.map((a) => a.action).slice(-2)).toEqual(['employee.update', 'employee.reports_move']);
    expect(audit.at(-1)?.after.people).toBe(2);

    // To the top of the chart: null.
    await patch('r2', { managerUuid: u.lead });
    expect((await patch('lead', { reportsTo: null })).statusCode).toBe(200);
    expect(await managerOf('r2')).toBeNull();
  });

  it('refuses a target under the person, the person, a foreign or unknown id, and a member asking; nothing changes', async () => {
    await patch('r1', { managerUuid: u.lead });
    const before = await record('lead');
    const cycle = await patch('lead', { endDate: inDays(30), reportsTo: u.sub }, 'admin', 'de');
    expect([cycle.statusCode, cycle.json().code, cycle.json().issues[0].path]).toEqual([
      409,
      'MANAGER_CYCLE',
      'body.reportsTo',
    ]);
    expect(cycle.json().message).not.toMatch(/MANAGER/);
    expect((await patch('lead', { reportsTo: u.lead })).json().code).toBe('MANAGER_SELF');
    for (const foreign of [u.gina, '00000000-0000-4000-8000-000000000000']) {
      const res = await patch('lead', { reportsTo: foreign });
      expect([res.statusCode, res.json().issues[0].path]).toEqual([404, 'body.reportsTo']);
    }
    expect((await patch('lead', { reportsTo: 'nope' })).statusCode).toBe(400);
    // The person themselves (a member) may not move anyone.
    const own = await patch('lead', { reportsTo: u.boss }, 'lead');
    expect([own.statusCode, own.json().code]).toEqual([403, 'FIELD_NOT_SELF_EDITABLE']);
    expect(await record('lead')).toEqual(before);
    expect(await managerOf('r1')).toBe(u.lead);
  });
});
