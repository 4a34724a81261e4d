import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
let ids: { acme: string; globex: string; alice: string; bob: string; sup: string };

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const alice = await createUser(tx, { email: 'alice@acme.test' });
    const bob = await createUser(tx, { email: 'bob@acme.test' });
    const sup = await createUser(tx, { email: 'root@platform.test', roles: ['super_admin'] });
    await addMembership(tx, acme.id, alice.id, { roles: ['admin'], createdAt: new Date('2026-01-01') });
    await addMembership(tx, globex.id, alice.id, { createdAt: new Date('2026-02-01') });
    await addMembership(tx, acme.id, bob.id);
    return { acme: acme.id, globex: globex.id, alice: alice.id, bob: bob.id, sup: sup.id };
  });
});
afterAll(() => t.close());

describe('GET /api/users/{uuid}/user_company_profiles', () => {
  it('lists the caller’s companies with roles, in the documented shape (roles as {name}, the company inside)', async () => {
    const { token } = await tokenFor(t.app, ids.alice, ids.acme);
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/users/${ids.alice}/user_company_profiles?itemsPerPage=50&groups[]=roles&groups[]=company`,
      host: 'acme',
      token,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, itemsPerPage: 50, totalItems: 2 });
    expect(body.data.map((p: { company: { subDomain: string } }) => p.company.subDomain)).toEqual(['acme', 'globex']);
    expect(body.data[0]).toMatchObject({ enabled: true, roles: [{ name: 'admin' }], videoCallEnabled: true });
  });

  it('refuses to show another user’s profiles to a non-super-admin', async () => {
    const { token } = await tokenFor(t.app, ids.bob, ids.acme);
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/users/${ids.alice}/user_company_profiles`,
      host: 'acme',
      token,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('shows anyone’s profiles to a super admin', async () => {
    const { token } = await tokenFor(t.app, ids.sup, null);
    const res = await call(t.app, { method: 'GET', url: `/api/users/${ids.alice}/user_company_profiles`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalItems).toBe(2);
  });

  it('answers 401 without a token and 400 for a malformed uuid', async () => {
    expect(
      (await call(t.app, { method: 'GET', url: `/api/users/${ids.alice}/user_company_profiles` })).statusCode,
    ).toBe(401);
    const { token } = await tokenFor(t.app, ids.alice, null);
    const res = await call(t.app, { method: 'GET', url: '/api/users/not-a-uuid/user_company_profiles', token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('request context', () => {
  it('answers 404 "Sorry, no Space exists." for an unknown sub-domain', async () => {
    // Liveness (/api/health) answers on any host; every other route needs a known company.
    const res = await call(t.app, { method: 'GET', url: '/api/docs.json', host: 'nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'COMPANY_NOT_FOUND', message: 'Sorry, no Space exists.' });
  });

  it('refuses a token issued on one company’s host when replayed on another', async () => {
    const { token } = await tokenFor(t.app, ids.alice, ids.acme);
    const res = await call(t.app, { method: 'GET', url: `/api/users/${ids.alice}`, host: 'globex', token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_INVALID');
  });

  it('refuses alg:none and tampered tokens', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ uuid: ids.alice, sid: ids.alice, typ: 'access' })).toString(
      'base64url',
    );
    const none = await call(t.app, { method: 'GET', url: `/api/users/${ids.alice}`, token: `${header}.${payload}.` });
    expect(none.statusCode).toBe(401);
    const { token } = await tokenFor(t.app, ids.alice, null);
    const [h, , s] = token.split('.');
    const forged = await call(t.app, { method: 'GET', url: `/api/users/${ids.alice}`, token: `${h}.${payload}.${s}` });
    expect(forged.statusCode).toBe(401);
  });

  it('translates errors by Accept-Language', async () => {
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/users/${ids.alice}`,
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Bitte melden Sie sich an.');
  });
});
