import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const a = await createUser(tx, { email: 'admin@acme.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    return { acme: acme.id, a: a.id };
  });
  admin = (await tokenFor(t.app, made.a, made.acme)).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const req = async (method: Method, url: string, payload?: object) =>
  call(t.app, { method, url, host: 'acme', token: admin, payload });
const made = async (url: string, payload: object) => {
  const res = await req('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('a team or a department deleted while policies and certifications name it', () => {
  it('leaves their audiences in the same write, and the policy and the type save again', async () => {
    const top = await made('/api/departments', { name: 'Operations' });
    const mid = await made('/api/departments', { name: 'Warehouse', parentUuid: top.uuid });
    const leaf = await made('/api/departments', { name: 'Night shift', parentUuid: mid.uuid });
    const other = await made('/api/departments', { name: 'Sales' });
    const team = await made('/api/teams', { name: 'Forklift drivers' });
    const audience = { all: false, teamUuids: [team.uuid], departmentUuids: [mid.uuid, other.uuid] };
    const policy = await made('/api/policies', { title: 'Safety', audience });
    const type = await made('/api/certification-types', { name: 'Forklift licence', audience });

    expect((await req('DELETE', `/api/departments/${mid.uuid}`)).statusCode).toBe(204);
    // Its sub-department moves up to its parent (it used to land at the top of the tree).
    expect((await req('GET', `/api/departments/${leaf.uuid}`)).json().parentUuid).toBe(top.uuid);
    const p1 = (await req('GET', `/api/policies/${policy.uuid}`)).json();
    expect(p1.audience).toEqual({ all: false, teamUuids: [team.uuid], departmentUuids: [other.uuid] });
    expect(p1.version).toBeGreaterThan(policy.version);
    const c1 = (await req('GET', `/api/certification-types/${type.uuid}`)).json();
    expect(c1.audience).toEqual({ all: false, teamUuids: [team.uuid], departmentUuids: [other.uuid] });

    expect((await req('DELETE', `/api/teams/${team.uuid}`)).statusCode).toBe(204);
    const p2 = (await req('GET', `/api/policies/${policy.uuid}`)).json();
    expect(p2.audience).toEqual({ all: false, teamUuids: [], departmentUuids: [other.uuid] });
    // What the edit form sends back (the audience as read) saves: it named a deleted id before and
    // every save answered 404.
    const saved = await req('PATCH', `/api/policies/${policy.uuid}`, {
      version: p2.version,
      title: 'Safety rules',
      audience: p2.audience,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const c2 = (await req('GET', `/api/certification-types/${type.uuid}`)).json();
    const typeSaved = await req('PATCH', `/api/certification-types/${type.uuid}`, {
      version: c2.version,
      audience: c2.audience,
    });
    expect(typeSaved.statusCode, typeSaved.body).toBe(200);
    // An edit opened before the deletion is refused as stale, not saved with the old audience.
    const stale = await req('PATCH', `/api/policies/${policy.uuid}`, { version: policy.version, title: 'Old' });
    expect(stale.statusCode).toBe(409);
  });
});
