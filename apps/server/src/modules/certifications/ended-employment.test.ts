import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay, createCertificationType, recordCertification } from '../../db/seed/certification-factories';
import { addMembership, createCompany, createUser, setEmployee } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { peopleToRemind } from './reminders.repository';

/**
 * Someone whose employment ended (the record's end date passed) needs no certificate any more: not
 * in "People who need it", not in the counts (nor the dashboard's, which are these), not reminded.
 * A QA walk found Ada, who left on Dec 1, listed as Expired and lowering "valid %".
 */
let t: TestContext;
let ids: Record<string, string>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const c = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const mk = async (first: string, roles = ['member']) => {
      const u = await createUser(tx, { email: `${first.toLowerCase()}@acme.test`, firstName: first });
      await addMembership(tx, c.id, u.id, { roles });
      return u.id;
    };
    const boss = await mk('Boss', ['admin']);
    const ada = await mk('Ada');
    const ben = await mk('Ben');
    const type = await createCertificationType(tx, c.id, { name: 'First aid', validityMonths: 24 });
    await recordCertification(tx, c.id, type, ada, { expiresOn: await companyDay(tx, c.id, -3) });
    await recordCertification(tx, c.id, type, ben, { expiresOn: await companyDay(tx, c.id, 200) });
    // Ada left yesterday; Ben leaves today (still employed today).
    await setEmployee(tx, c.id, ada, { endDate: await companyDay(tx, c.id, -1) });
    await setEmployee(tx, c.id, ben, { endDate: await companyDay(tx, c.id, 0) });
    return { c: c.id, boss, ada, ben, type: type.id, today: await companyDay(tx, c.id, 0) };
  });
  admin = (await tokenFor(t.app, ids.boss!, ids.c!)).token;
});
afterAll(() => t.close());

const get = (url: string) => call(t.app, { method: 'GET', url, host: 'acme', token: admin });

describe('an ended employment and certifications', () => {
  it('is not listed, counted or reminded; someone on their last day still is', async () => {
    const type = (await get(`/api/certification-types/${ids.type}`)).json();
    expect(type.counts).toEqual({ assigned: 2, valid: 1, expiring: 0, expired: 0, missing: 1 });
    const listed = (await get('/api/certification-types')).json().data[0];
    expect(listed.counts).toEqual(type.counts);
    const holders = (await get(`/api/certification-types/${ids.type}/holders`)).json().data;
    expect(holders.map((h: { person: { uuid: string } }) => h.person.uuid).sort()).toEqual([ids.boss, ids.ben].sort());
    const reminded = await t.db.system((tx) => peopleToRemind(tx, ids.c!, ids.today!));
    expect(reminded.map((r) => r.user_id)).toEqual([ids.boss]);
    const dashboard = (await get('/api/dashboard/overview')).json();
    expect(JSON.stringify(dashboard)).toContain('"certificationsExpired":0');
  });
});
