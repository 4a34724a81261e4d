import { createSchedule, setCompanyTimeZone } from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createUser, setEmployee } from '../../db/seed/factories';
import { addLedgerEntry, createTimeOffType } from '../../db/seed/time-off-factories';
import { call, createTestApp, tokenFor } from '../../test/harness';

/**
 * A small Acme for the time-off rules' tests: Ada the admin, Mia, and Bob who reports to Mia (25 days
 * of Vacation granted for 2027), a Monday-to-Friday default schedule, and an "Unpaid" type that may go
 * negative and needs no approval. `req` calls the API on acme as one of them.
 */
export async function openSmallAcme() {
  const t = await createTestApp();
  const ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    await setCompanyTimeZone(tx, acme.id, 'Europe/Paris');
    const mk = async (email: string, firstName: string, roles = ['member']) => {
      const u = await createUser(tx, { email, firstName, lastName: 'Test' });
      await addMembership(tx, acme.id, u.id, { roles });
      return u.id;
    };
    const admin = await mk('admin@acme.test', 'Ada', ['admin']);
    const mia = await mk('mia@acme.test', 'Mia');
    const bob = await mk('bob@acme.test', 'Bob');
    await setEmployee(tx, acme.id, mia, { startDate: '2020-01-01' });
    await setEmployee(tx, acme.id, bob, { managerUserId: mia });
    await createSchedule(tx, acme.id, { name: 'Office', isDefault: true });
    const vacation = await createTimeOffType(tx, acme.id, { name: 'Vacation', yearlyAllowance: 25 });
    const unpaid = await createTimeOffType(tx, acme.id, { name: 'Unpaid', allowNegative: true, needsApproval: false });
    await addLedgerEntry(tx, acme.id, {
      userId: bob,
      typeId: vacation.id,
      kind: 'grant',
      amount: 25,
      effectiveDate: '2027-01-01',
    });
    return { acme: acme.id, admin, mia, bob, vacation: vacation.id, unpaid: unpaid.id };
  });
  const tok: Record<string, string> = {};
  for (const who of ['admin', 'mia', 'bob'] as const) tok[who] = (await tokenFor(t.app, ids[who], ids.acme)).token;
  const req = (method: 'GET' | 'POST', url: string, who: 'admin' | 'mia' | 'bob', payload?: object) =>
    call(t.app, { method, url, host: 'acme', token: tok[who], payload });
  return { t, ids, req };
}
