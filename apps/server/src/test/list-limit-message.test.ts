import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from './harness';

/**
 * A list over its limit is refused with a message that counts entries: "at most 100 characters"
 * under a list of holidays (security review) left the writer to count the wrong thing.
 */
let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const a = await createUser(tx, { email: 'a@acme.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    return { acme: acme.id, a: a.id };
  });
  admin = (await tokenFor(t.app, ids.a, ids.acme)).token;
});
afterAll(() => t.close());

const holidays = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ date: `2027-01-${String((i % 28) + 1).padStart(2, '0')}`, name: `H${i}` }));
const importHolidays = (n: number, lang: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/attendance/holidays/import',
    host: 'acme',
    token: admin,
    payload: { holidays: holidays(n) },
    headers: { 'accept-language': lang },
  });

describe('a list over its limit', () => {
  it.each([
    ['en', 'Too many entries: at most 100.'],
    ['de', 'Zu viele Einträge: höchstens 100.'],
    ['fr', 'Trop d’éléments : 100 au plus.'],
  ])('says how many entries it may hold (%s), and nothing is written', async (lang, message) => {
    const res = await importHolidays(101, lang);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'body.holidays', code: 'tooLong', message }],
    });
    const list = await call(t.app, { method: 'GET', url: '/api/attendance/holidays', host: 'acme', token: admin });
    expect(list.json().totalItems).toBe(0);
  });

  it('a text over its limit still says characters', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/attendance/holidays',
      host: 'acme',
      token: admin,
      payload: { date: '2027-01-04', name: 'x'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'body.name', code: 'tooLong', message: 'This value is too long: at most 100 characters.' },
    ]);
  });
});
