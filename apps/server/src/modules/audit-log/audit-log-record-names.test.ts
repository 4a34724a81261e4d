import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificationType } from '../../db/seed/certification-factories';
import { demoPdf } from '../../db/seed/compliance-factories';
import { addMembership, createCompany, createDepartment, createUser } from '../../db/seed/factories';
import { enqueue } from '../../lib/jobs/queue';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipartForm } from '../../test/multipart';

/**
 * The log names certification records and uploads (the certification and its holder), a retried
 * background job (its type) and a department people were moved into: all of them exist, and "an
 * item that no longer exists" (what the console says when nothing names the target) is wrong. A
 * deleted record is still named, by the type and holder its entry kept.
 */
let t: TestContext;
let ids: Record<string, string>;
let admin: string;

beforeAll(async () => {
  // The runner stays off: the retried job stays as it is put.
  t = await createTestApp({ config: { jobs: { enabled: false, pollMs: 50 } } });
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const a = await createUser(tx, { email: 'a@acme.test', firstName: 'Alice', lastName: 'Anders' });
    const b = await createUser(tx, { email: 'b@acme.test', firstName: 'Bob', lastName: 'Brown' });
    const root = await createUser(tx, { email: 'root@platform.test', roles: ['super_admin', 'super_admin_write'] });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, b.id);
    const firstAid = await createCertificationType(tx, acme.id, { name: 'First aid' });
    const forklift = await createCertificationType(tx, acme.id, { name: 'Forklift' });
    const ladder = await createCertificationType(tx, acme.id, { name: 'Ladder' });
    const ops = await createDepartment(tx, acme.id, { name: 'Operations' });
    const job = (await enqueue(tx, { type: 'invitation.mail', companyId: acme.id, payload: {} }))!;
    await tx.execute(sql`UPDATE jobs SET state = 'dead', attempts = 5, finished_at = now() WHERE id = ${job}`);
    return {
      acme: acme.id,
      a: a.id,
      b: b.id,
      root: root.id,
      firstAid: firstAid.id,
      forklift: forklift.id,
      ladder: ladder.id,
      ops: ops.id,
      job,
    };
  });
  admin = (await tokenFor(t.app, ids.a!, ids.acme!)).token;
  const bob = (await tokenFor(t.app, ids.b!, ids.acme!)).token;
  const root = (await tokenFor(t.app, ids.root!, null)).token;
  const post = async (url: string, token: string, fields?: Record<string, string>, file?: Buffer) => {
    const form = fields ? multipartForm(fields, file ? { data: file, filename: 'cert.pdf' } : undefined) : null;
    const res = await call(t.app, {
      method: 'POST',
      url,
      host: 'acme',
      token,
      payload: form?.payload ?? {},
      headers: form?.headers,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.body ? res.json() : {}) as { uuid: string };
  };
  await post(`/api/certification-types/${ids.firstAid}/records`, admin, { userUuid: ids.b!, issuedOn: '2026-01-15' });
  const upload = await post(
    `/api/my-certifications/${ids.forklift}/records`,
    bob,
    { issuedOn: '2026-01-15' },
    demoPdf('x'),
  );
  await post(`/api/certification-records/${upload.uuid}/approve`, admin);
  const mistake = await post(`/api/certification-types/${ids.ladder}/records`, admin, {
    userUuid: ids.b!,
    issuedOn: '2026-01-15',
  });
  const removed = await call(t.app, {
    method: 'DELETE',
    url: `/api/certification-records/${mistake.uuid}`,
    host: 'acme',
    token: admin,
  });
  expect(removed.statusCode).toBe(204);
  await call(t.app, {
    method: 'POST',
    url: `/api/departments/${ids.ops}/members`,
    host: 'acme',
    token: admin,
    payload: { uuids: [ids.b] },
  });
  expect((await call(t.app, { method: 'POST', url: `/api/jobs/${ids.job}/retry`, token: root })).statusCode).toBe(200);
});
afterAll(() => t?.close());

describe('audit log names of records, uploads, jobs and departments', () => {
  it('names a certification record or upload by its certification and holder, a job by its type', async () => {
    const res = (await call(t.app, { method: 'GET', url: '/api/audit-log', host: 'acme', token: admin })).json();
    const named = res.data
      .filter((e: { targetType: string }) => ['certification', 'job', 'department'].includes(e.targetType))
      .map((e: { action: string; targetName: string | null; targetPerson: string | null }) => [
        e.action,
        e.targetName,
        e.targetPerson,
      ])
      .reverse();
    expect(named).toEqual([
      ['certification.record', 'First aid', 'Bob Brown'],
      ['certification.submit', 'Forklift', 'Bob Brown'],
      ['certification.approve', 'Forklift', 'Bob Brown'],
      // The deleted record's recording: its entry kept the holder, not the type's id (the console
      // names it from the snapshot's type name).
      ['certification.record', null, 'Bob Brown'],
      ['certification.delete', 'Ladder', 'Bob Brown'],
      ['department.members_move', 'Operations', null],
      ['job.retry', 'invitation.mail', null],
    ]);
  });
});

describe('audit log names of attendance entries', () => {
  it("names the person whose entry was corrected (the sentence said only 'an attendance entry')", async () => {
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const added = await call(t.app, {
      method: 'POST',
      url: '/api/attendance/corrections',
      host: 'acme',
      token: admin,
      payload: {
        userUuid: ids.b,
        kind: 'add',
        clockIn: `${day}T13:00:00Z`,
        clockOut: `${day}T17:00:00Z`,
        reason: 'Forgot to clock',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const res = (
      await call(t.app, {
        method: 'GET',
        url: '/api/audit-log?targetType=attendance_entry',
        host: 'acme',
        token: admin,
      })
    ).json();
    expect(res.data.map((e: { action: string; targetPerson: string | null }) => [e.action, e.targetPerson])).toEqual([
      ['attendance.correction_apply', 'Bob Brown'],
    ]);
  });
});
