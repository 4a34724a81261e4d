import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedule } from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createUser, setEmployee } from '../../db/seed/factories';
import { createTimeOffRequest, createTimeOffType } from '../../db/seed/time-off-factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

/**
 * The log names the person an employee record or a time-off request is about: both still exist,
 * and "an item that no longer exists" (what the console says when nothing names the target) is wrong.
 */
let t: TestContext;
let ids: Record<string, string>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const a = await createUser(tx, { email: 'a@acme.test', firstName: 'Alice', lastName: 'Anders' });
    const b = await createUser(tx, { email: 'b@acme.test', firstName: 'Bob', lastName: 'Brown' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, b.id);
    await setEmployee(tx, acme.id, b.id, { managerUserId: a.id });
    await createSchedule(tx, acme.id, { name: 'Office', isDefault: true });
    // No grant is written here (no period has started): the request is approved against a
    // balance that may go negative, as the approval checks the balance again.
    const vacation = await createTimeOffType(tx, acme.id, {
      name: 'Vacation',
      yearlyAllowance: 25,
      allowNegative: true,
    });
    const request = await createTimeOffRequest(tx, acme.id, {
      userId: b.id,
      typeId: vacation.id,
      startDate: '2099-03-02',
      endDate: '2099-03-04',
      amount: 3,
      status: 'pending',
    });
    return { acme: acme.id, a: a.id, b: b.id, request: request.id };
  });
  admin = (await tokenFor(t.app, ids.a!, ids.acme!)).token;
  const req = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    call(t.app, { method, url, host: 'acme', token: admin, payload });
  const record = (await req('GET', `/api/employees/${ids.b}`)).json();
  expect((await req('PATCH', `/api/employees/${ids.b}`, { version: record.version, jobTitle: 'HR' })).statusCode).toBe(
    200,
  );
  expect((await req('POST', `/api/time-off/requests/${ids.request}/approve`, {})).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('audit log names', () => {
  it('names the person of an employee record and of a time-off request', async () => {
    const res = (await call(t.app, { method: 'GET', url: '/api/audit-log', host: 'acme', token: admin })).json();
    const named = Object.fromEntries(
      res.data.map((e: { action: string; targetName: string | null }) => [e.action, e.targetName]),
    );
    expect(named).toMatchObject({ 'employee.update': 'Bob Brown', 'time_off_request.approve': 'Bob Brown' });
  });
});
