import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay, createCertificationType, recordCertification } from '../../db/seed/certification-factories';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

/**
 * The types page's counts come from one grouped pass over the current records plus the audience
 * sizes (decision 018): they must equal what a pass over each type's members finds, for audiences
 * of everyone, of teams and departments, with disabled members, people outside the audience,
 * renewals and pending uploads in the data.
 */

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const other = await createCompany(tx, { name: 'Other', subDomain: 'other' });
    const u = await Promise.all(
      ['a', 'x', 'y', 'z', 'w', 'v'].map((n) => createUser(tx, { email: `${n}@acme.test`, firstName: n })),
    );
    const [a, x, y, z, w, v] = u.map((r) => r.id) as [string, string, string, string, string, string];
    await addMembership(tx, acme.id, a, { roles: ['admin'] });
    for (const id of [x, y, z, w]) await addMembership(tx, acme.id, id);
    await addMembership(tx, acme.id, v, { enabled: false });
    await addMembership(tx, other.id, w);
    const team = await createTeam(tx, acme.id, { name: 'Warehouse', memberIds: [x, y, v] });
    const dept = await createDepartment(tx, acme.id, { name: 'Drivers' });
    await setEmployee(tx, acme.id, z, { departmentId: dept.id });
    await setEmployee(tx, acme.id, y, { departmentId: dept.id });
    const today = await companyDay(tx, acme.id);
    const later = await companyDay(tx, acme.id, 200);
    const soon = await companyDay(tx, acme.id, 10);
    const past = await companyDay(tx, acme.id, -1);
    const all = await createCertificationType(tx, acme.id, { name: 'Everyone' });
    const forklift = await createCertificationType(tx, acme.id, {
      name: 'Forklift',
      audienceTeamIds: [team.id],
      audienceDepartmentIds: [dept.id],
    });
    // Same audience, named in the other order: counted once, the same for both.
    const crane = await createCertificationType(tx, acme.id, {
      name: 'Crane',
      audienceDepartmentIds: [dept.id],
      audienceTeamIds: [team.id],
    });
    const foreign = await createCertificationType(tx, other.id, { name: 'Everyone' });
    const rec = (type: { id: string; validityMonths: number }, user: string, expiresOn: string) =>
      recordCertification(tx, acme.id, type, user, { expiresOn });
    await rec(all, a, later);
    await rec(all, x, soon);
    await rec(all, x, past); // an older record beside the renewal: the one expiring last counts
    await rec(all, v, later); // disabled member: not counted
    await rec(forklift, x, later);
    await rec(forklift, y, past);
    await rec(forklift, w, later); // not in the audience: not counted
    await rec(crane, z, soon);
    await recordCertification(tx, other.id, foreign, w, { expiresOn: later });
    for (const type of [all, forklift, crane])
      for (const user of [a, x, y, z, w, v])
        await tx.execute(sql`SELECT certification_refresh_current(${acme.id}::uuid, ${type.id}::uuid, ${user}::uuid)`);
    // A pending upload (decision 019) counts for nothing.
    await tx.execute(sql`INSERT INTO certification_records (company_id, type_id, user_id, issued_on, expires_on, status)
      VALUES (${acme.id}, ${crane.id}, ${y}, ${today}, ${later}, 'pending')`);
    return { a, acme: acme.id };
  });
  admin = (await tokenFor(t.app, ids.a, ids.acme)).token;
});
afterAll(() => t.close());

describe('certification counts', () => {
  it('equal a pass over each type’s members: everyone, chosen teams and departments, disabled members, outsiders, renewals, pending uploads', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/certification-types', host: 'acme', token: admin });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(
      (res.json().data as Array<{ name: string; counts: object }>).map((r) => [r.name, r.counts]),
    );
    expect(byName).toEqual({
      // a, x, y, z, w enabled (v disabled): a valid, x expiring (renewed), y, z, w missing.
      Everyone: { assigned: 5, valid: 1, expiring: 1, expired: 0, missing: 3 },
      // Warehouse (x, y; v disabled) ∪ Drivers (z, y): x valid, y expired, z missing; w's record is outside.
      Forklift: { assigned: 3, valid: 1, expiring: 0, expired: 1, missing: 1 },
      // The same audience: z expiring; y's pending upload does not count.
      Crane: { assigned: 3, valid: 0, expiring: 1, expired: 0, missing: 2 },
    });
    // Each equals the total of its holder list (a pass over the members), filtered by status.
    for (const r of res.json().data as Array<{ uuid: string; counts: Record<string, number> }>) {
      for (const status of ['valid', 'expiring', 'expired', 'missing']) {
        const page = await call(t.app, {
          method: 'GET',
          url: `/api/certification-types/${r.uuid}/holders?status=${status}&search=acme.test&itemsPerPage=100`,
          host: 'acme',
          token: admin,
        });
        expect(page.json().data.length).toBe(r.counts[status]);
      }
    }
  });
});
