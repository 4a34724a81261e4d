import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { createCtx, forCompany } from '../../lib/context';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { rows } from '../../lib/sql';
import * as service from './departments.service';

let t: TestContext;
let ids: { acme: string; globex: string };
let admin: string;
let member: string;
let otherAdmin: string;
let people: { a: string; m: string; g: string };

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const a = await createUser(tx, { email: 'admin@acme.test' });
    const m = await createUser(tx, { email: 'member@acme.test' });
    const g = await createUser(tx, { email: 'admin@globex.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, m.id);
    await addMembership(tx, globex.id, g.id, { roles: ['admin'] });
    return { acme: acme.id, globex: globex.id, a: a.id, m: m.id, g: g.id };
  });
  ids = { acme: made.acme, globex: made.globex };
  people = { a: made.a, m: made.m, g: made.g };
  admin = (await tokenFor(t.app, made.a, made.acme)).token;
  member = (await tokenFor(t.app, made.m, made.acme)).token;
  otherAdmin = (await tokenFor(t.app, made.g, made.globex)).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const req = (method: Method, url: string, payload?: object, token = admin, host = 'acme', lang = 'en') =>
  call(t.app, { method, url, host, token, payload, headers: { 'accept-language': lang } });

/** What acme holds, read the way a job would: a context built without a request. */
const acmeRows = async () =>
  (
    await service.list(forCompany(createCtx(t.app), ids.acme), {
      page: 1,
      itemsPerPage: 100,
      sort: 'name',
      order: 'asc',
    })
  ).data;

describe('departments', () => {
  it('creates, reads, lists, edits and deletes (company admin)', async () => {
    const created = await req('POST', '/api/departments', { name: 'First', description: 'One' });
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ name: 'First', description: 'One', version: 1 });

    expect((await req('GET', `/api/departments/${row.uuid}`)).json()).toEqual(row);
    const list = (await req('GET', '/api/departments?search=firs')).json();
    expect(list).toMatchObject({ page: 1, totalItems: 1, data: [{ uuid: row.uuid }] });

    const edited = await req('PATCH', `/api/departments/${row.uuid}`, { version: 1, name: 'Renamed' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Renamed', description: 'One', version: 2 });

    const removed = await req('DELETE', `/api/departments/${row.uuid}?version=2`);
    expect(removed.statusCode).toBe(204);
    expect((await req('GET', `/api/departments/${row.uuid}`)).statusCode).toBe(404);
  });

  it('answers bad input with a translated 400 and a stale version with 409, changing nothing', async () => {
    const before = await acmeRows();
    const en = await req('POST', '/api/departments', { name: '' });
    const de = await req('POST', '/api/departments', { name: '' }, admin, 'acme', 'de');
    expect([en.statusCode, de.statusCode]).toEqual([400, 400]);
    expect(en.json().code).toBe('VALIDATION_FAILED');
    expect(de.json().message).not.toBe(en.json().message);
    expect((await req('POST', '/api/departments', { name: 'x', extra: 1 })).statusCode).toBe(400);

    const row = (await req('POST', '/api/departments', { name: 'Versioned' })).json();
    const stale = await req('PATCH', `/api/departments/${row.uuid}`, { version: 7, name: 'Lost' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await acmeRows()).map((r) => r.name)).toEqual([...before.map((r) => r.name), 'Versioned'].sort());
  });

  it('lets a member read but refuses every write, and nothing changes', async () => {
    const row = (await req('POST', '/api/departments', { name: 'Read only' })).json();
    const before = await acmeRows();
    expect((await req('GET', '/api/departments', undefined, member)).statusCode).toBe(200);
    expect((await req('GET', `/api/departments/${row.uuid}`, undefined, member)).statusCode).toBe(200);
    const writes = [
      await req('POST', '/api/departments', { name: 'Nope' }, member),
      await req('PATCH', `/api/departments/${row.uuid}`, { version: 1, name: 'Nope' }, member),
      await req('DELETE', `/api/departments/${row.uuid}`, undefined, member),
    ];
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    expect(writes.every((r) => r.json().code === 'FORBIDDEN')).toBe(true);
    expect(await acmeRows()).toEqual(before);
  });

  it("shows another company nothing of this one's", async () => {
    const row = (await req('POST', '/api/departments', { name: 'Acme only' })).json();
    const before = await acmeRows();
    const list = await req('GET', '/api/departments', undefined, otherAdmin, 'globex');
    expect(list.json()).toMatchObject({ totalItems: 0, data: [] });
    const url = `/api/departments/${row.uuid}`;
    expect((await req('GET', url, undefined, otherAdmin, 'globex')).statusCode).toBe(404);
    expect((await req('PATCH', url, { version: 1, name: 'Taken' }, otherAdmin, 'globex')).statusCode).toBe(404);
    expect((await req('DELETE', url, undefined, otherAdmin, 'globex')).statusCode).toBe(404);
    // Its token is for its own host: on acme's it is refused before anything is read.
    expect((await req('GET', url, undefined, otherAdmin, 'acme')).statusCode).toBe(401);
    expect(await acmeRows()).toEqual(before);
  });

  it('serves a job or the seed through the same service, audited, without a request', async () => {
    const ctx = forCompany(createCtx(t.app), ids.acme);
    const made = await service.create(ctx, { name: 'From a job' });
    expect(await service.get(ctx, made.uuid)).toEqual(made);
    const globex = forCompany(createCtx(t.app), ids.globex);
    await expect(service.get(globex, made.uuid)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps a tree: parents of the company only, no department under itself or its own branch', async () => {
    const top = (await req('POST', '/api/departments', { name: 'Engineering', headUuid: people.a })).json();
    expect(top.head).toMatchObject({ uuid: people.a });
    const mid = (await req('POST', '/api/departments', { name: 'Platform', parentUuid: top.uuid })).json();
    const low = (await req('POST', '/api/departments', { name: 'Databases', parentUuid: mid.uuid })).json();
    expect(mid.parentUuid).toBe(top.uuid);

    const loop = await req(
      'PATCH',
      `/api/departments/${top.uuid}`,
      { version: top.version, parentUuid: low.uuid },
      admin,
      'acme',
      'ar',
    );
    expect(loop.statusCode).toBe(409);
    expect(loop.json().code).toBe('DEPARTMENT_CYCLE');
    expect(loop.json().message).toMatch(/[\u0600-\u06FF]/);
    const selfParent = await req('PATCH', `/api/departments/${mid.uuid}`, {
      version: mid.version,
      parentUuid: mid.uuid,
    });
    expect(selfParent.json().code).toBe('DEPARTMENT_CYCLE');

    // Another company's department or person is not found here, and says nothing about itself.
    const gDept = (await req('POST', '/api/departments', { name: 'Globex dept' }, otherAdmin, 'globex')).json();
    const foreignParent = await req('POST', '/api/departments', { name: 'X', parentUuid: gDept.uuid });
    expect([foreignParent.statusCode, foreignParent.json().code]).toEqual([404, 'NOT_FOUND']);
    const foreignHead = await req('POST', '/api/departments', { name: 'Y', headUuid: people.g });
    expect(foreignHead.statusCode).toBe(404);
    expect((await req('POST', '/api/departments', { name: 'engineering' })).json().code).toBe('DEPARTMENT_NAME_TAKEN');

    const tree = (await req('GET', '/api/departments/tree', undefined, member)).json().data;
    expect(tree.find((d: { uuid: string }) => d.uuid === top.uuid).parentUuid).toBeNull();
    expect(tree.find((d: { uuid: string }) => d.uuid === low.uuid).parentUuid).toBe(mid.uuid);
    expect(JSON.stringify(tree)).not.toContain('Globex dept');
    expect((await req('GET', `/api/departments/${top.uuid}`)).json().parentUuid).toBeNull();
  });

  it('moves people between departments and counts them', async () => {
    const one = (await req('POST', '/api/departments', { name: 'Move A' })).json();
    const two = (await req('POST', '/api/departments', { name: 'Move B' })).json();
    const moved = await req('POST', `/api/departments/${one.uuid}/members`, { uuids: [people.a, people.m] });
    expect(moved.json()).toEqual({ moved: 2 });
    expect((await req('GET', `/api/departments/${one.uuid}`)).json().memberCount).toBe(2);
    await req('POST', `/api/departments/${two.uuid}/members`, { uuids: [people.m] });
    expect((await req('GET', `/api/departments/${one.uuid}`)).json().memberCount).toBe(1);
    expect((await req('GET', `/api/departments/${two.uuid}`)).json().memberCount).toBe(1);
    expect((await req('GET', `/api/employees/${people.m}`, undefined, member)).json().department.uuid).toBe(two.uuid);
    // The audit log says where the moved person came from, not only who moved.
    const [logged] = await t.db.system((tx) =>
      rows<{ before: unknown; after: unknown }>(
        tx,
        sql`SELECT before, after FROM audit_log WHERE action = 'department.members_move' AND target_id = ${two.uuid}`,
      ),
    );
    expect(logged).toEqual({ before: { departments: { [people.m!]: one.uuid } }, after: { userIds: [people.m] } });

    const foreign = await req('POST', `/api/departments/${two.uuid}/members`, { uuids: [people.g] });
    expect(foreign.statusCode).toBe(404);
    expect((await req('POST', `/api/departments/${two.uuid}/members`, { uuids: [people.a] }, member)).statusCode).toBe(
      403,
    );
    expect((await req('GET', `/api/departments/${one.uuid}`)).json().memberCount).toBe(1);
  });

  it('counts the members whose membership is on and whose employment has not ended, in every answer', async () => {
    const made = await t.db.system(async (tx) => {
      const us = [];
      for (const n of ['on', 'ended', 'ends-today', 'disabled', 'disabled-ended'])
        us.push((await createUser(tx, { email: `${n}@count.test` })).id);
      for (const u of us) await addMembership(tx, ids.acme, u);
      return us;
    });
    const dept = (await req('POST', '/api/departments', { name: 'Counted' })).json();
    await req('POST', `/api/departments/${dept.uuid}/members`, { uuids: made });
    const [, ended, endsToday, disabled, disabledEnded] = made;
    await t.db.system(async (tx) => {
      const today = await tx.execute(
        sql`SELECT (now() AT TIME ZONE time_zone)::date::text AS d FROM companies WHERE id = ${ids.acme}`,
      );
      const d = (today as unknown as { rows: Array<{ d: string }> }).rows[0]!.d;
      await tx.execute(
        sql`UPDATE employees SET end_date = ${d}::date - 1 WHERE company_id = ${ids.acme} AND user_id IN (${ended}, ${disabledEnded})`,
      );
      await tx.execute(
        sql`UPDATE employees SET end_date = ${d}::date WHERE company_id = ${ids.acme} AND user_id = ${endsToday}`,
      );
      await tx.execute(
        sql`UPDATE memberships SET enabled = false WHERE company_id = ${ids.acme} AND user_id IN (${disabled}, ${disabledEnded})`,
      );
    });
    // 'on' and 'ends-today' (the last day still counts).
    expect((await req('GET', `/api/departments/${dept.uuid}`)).json().memberCount).toBe(2);
    const tree = (await req('GET', '/api/departments/tree')).json().data;
    expect(tree.find((x: { uuid: string }) => x.uuid === dept.uuid).memberCount).toBe(2);
    const listed = (await req('GET', '/api/departments?search=counted')).json().data;
    expect(listed.map((x: { memberCount: number }) => x.memberCount)).toEqual([2]);
    const byMembers = (await req('GET', '/api/departments?sort=members&order=desc&itemsPerPage=100')).json().data;
    expect(byMembers.find((x: { uuid: string }) => x.uuid === dept.uuid).memberCount).toBe(2);
  });

  it('names a head only while they are in the directory: not once disabled, ended or gone from the company', async () => {
    const made = await t.db.system(async (tx) => {
      const us: Record<string, string> = {};
      for (const n of ['head-on', 'head-disabled', 'head-ended', 'head-gone']) {
        us[n] = (await createUser(tx, { email: `${n}@heads.test`, firstName: n, lastName: 'Head' })).id;
        await addMembership(tx, ids.acme, us[n]!);
      }
      return us;
    });
    const depts: Record<string, string> = {};
    for (const n of Object.keys(made))
      depts[n] = (await req('POST', '/api/departments', { name: `Led by ${n}`, headUuid: made[n] })).json().uuid;
    await t.db.system(async (tx) => {
      await tx.execute(
        sql`UPDATE memberships SET enabled = false WHERE company_id = ${ids.acme} AND user_id = ${made['head-disabled']}`,
      );
      await tx.execute(
        sql`INSERT INTO employees (company_id, user_id, end_date)
            VALUES (${ids.acme}, ${made['head-ended']}, (now() AT TIME ZONE 'UTC')::date - 10)`,
      );
    });
    expect((await req('DELETE', `/api/members/${made['head-gone']}`)).statusCode).toBe(204);
    for (const token of [member, admin]) {
      const one: Record<string, unknown> = {};
      for (const n of Object.keys(made))
        one[n] = (await req('GET', `/api/departments/${depts[n]}`, undefined, token)).json().head;
      const tree = (await req('GET', '/api/departments/tree', undefined, token)).json().data;
      const inTree = Object.fromEntries(
        Object.keys(made).map((n) => [n, tree.find((d: { uuid: string }) => d.uuid === depts[n]).head]),
      );
      const listed = (await req('GET', '/api/departments?search=led%20by&itemsPerPage=100', undefined, token)).json()
        .data;
      const inList = Object.fromEntries(
        Object.keys(made).map((n) => [n, listed.find((d: { uuid: string }) => d.uuid === depts[n]).head]),
      );
      const expected = {
        'head-on': { uuid: made['head-on'], firstName: 'head-on', lastName: 'Head' },
        'head-disabled': null,
        'head-ended': null,
        'head-gone': null,
      };
      expect(one).toEqual(expected);
      expect(inTree).toEqual(expected);
      expect(inList).toEqual(expected);
    }
  });
});
