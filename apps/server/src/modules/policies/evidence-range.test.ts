import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

/**
 * A policy's evidence for an auditor refuses a range that ends before it starts, as the company's
 * evidence export does: answered 200, it handed over an empty file that read as "nobody
 * acknowledged anything" (security review).
 */
let t: TestContext;
let admin: string;
let policy: string;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const a = await createUser(tx, { email: 'admin@acme.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    return { acme: acme.id, a: a.id };
  });
  admin = (await tokenFor(t.app, ids.a, ids.acme)).token;
  const p = (await get('POST', '/api/policies', { title: 'Evidence range' })).json();
  expect((await get('PUT', `/api/policies/${p.uuid}/draft`, { html: '<p>Read me.</p>' })).statusCode).toBe(200);
  expect(
    (await get('POST', `/api/policies/${p.uuid}/publish`, { version: p.version, requiresAck: true })).statusCode,
  ).toBe(200);
  policy = p.uuid;
});
afterAll(() => t.close());

function get(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'en') {
  return call(t.app, { method, url, host: 'acme', token: admin, payload, headers: { 'accept-language': lang } });
}

describe('policy evidence: the range', () => {
  it.each(['evidence.json', 'evidence/acknowledgements.csv'])('%s refuses to before from, translated', async (file) => {
    const res = await get(
      'GET',
      `/api/policies/${policy}/${file}?from=2026-11-30T00:00:00Z&to=2026-01-01T00:00:00Z`,
      undefined,
      'de',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'querystring.to', code: 'dateOrder' }],
    });
    expect(res.json().message).not.toMatch(/not valid/);
  });

  it('compares instants, not strings: the same instant in two offsets is a range of one moment', async () => {
    const res = await get(
      'GET',
      `/api/policies/${policy}/evidence.json?from=${encodeURIComponent('2026-06-01T12:00:00+02:00')}&to=2026-06-01T10:00:00Z`,
    );
    expect(res.statusCode).toBe(200);
  });

  it('an open or ordered range still answers', async () => {
    expect((await get('GET', `/api/policies/${policy}/evidence.json?from=2026-01-01T00:00:00Z`)).statusCode).toBe(200);
    const ordered = await get(
      'GET',
      `/api/policies/${policy}/evidence.json?from=2026-01-01T00:00:00Z&to=2099-01-01T00:00:00Z`,
    );
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json().range).toEqual({ from: '2026-01-01T00:00:00Z', to: '2099-01-01T00:00:00Z' });
  });
});
