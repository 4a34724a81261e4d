import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay, createCertificationType } from '../../db/seed/certification-factories';
import { demoPdf } from '../../db/seed/compliance-factories';
import { addMembership, createCompany, createTeam, createUser } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipartForm } from '../../test/multipart';

/** Members upload their own certificates; an admin approves or rejects them (decision 019). */

let t: TestContext;
let ids: { acme: string; globex: string; admin: string; bob: string; carol: string; grace: string };
let types: { all: string; ops: string; globex: string };
let admin: string;
let bob: string;
let carol: string;
let grace: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, types } = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const [a, b, c] = await Promise.all(
      ['admin', 'bob', 'carol'].map((n) => createUser(tx, { email: `${n}@acme.test`, firstName: n, lastName: 'Test' })),
    );
    const g = await createUser(tx, { email: 'grace@globex.test', firstName: 'Grace' });
    await addMembership(tx, acme.id, a!.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, b!.id);
    await addMembership(tx, acme.id, c!.id);
    await addMembership(tx, globex.id, g.id);
    const ops = await createTeam(tx, acme.id, { name: 'Ops', memberIds: [c!.id] });
    const all = await createCertificationType(tx, acme.id, { name: 'First aid', validityMonths: 24 });
    const opsOnly = await createCertificationType(tx, acme.id, { name: 'Forklift', audienceTeamIds: [ops.id] });
    const foreign = await createCertificationType(tx, globex.id, { name: 'Globex safety' });
    return {
      ids: { acme: acme.id, globex: globex.id, admin: a!.id, bob: b!.id, carol: c!.id, grace: g.id },
      types: { all: all.id, ops: opsOnly.id, globex: foreign.id },
    };
  }));
  admin = (await tokenFor(t.app, ids.admin, ids.acme)).token;
  bob = (await tokenFor(t.app, ids.bob, ids.acme)).token;
  carol = (await tokenFor(t.app, ids.carol, ids.acme)).token;
  grace = (await tokenFor(t.app, ids.grace, ids.globex)).token;
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST', url: string, token: string, payload?: object, host = 'acme', lang = 'en') =>
  call(t.app, { method, url, host, token, payload, headers: { 'accept-language': lang } });
const upload = (
  typeId: string,
  fields: Record<string, string>,
  file: { data: Buffer; filename: string } | null,
  token = bob,
  host = 'acme',
  lang = 'en',
) => {
  const f = multipartForm(fields, file ?? undefined);
  return call(t.app, {
    method: 'POST',
    url: `/api/my-certifications/${typeId}/records`,
    host,
    token,
    payload: f.payload,
    headers: { ...f.headers, 'accept-language': lang },
  });
};
const db = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.db.system((tx) => tx.execute(q))) as unknown as { rows: T[] }).rows;
const recordCount = async () =>
  (await db<{ n: number }>(sql`SELECT count(*)::int AS n FROM certification_records`))[0]!.n;
const mine = async (token = bob) =>
  (await req('GET', '/api/my-certifications', token)).json().data as Array<{
    type: { uuid: string };
    status: string;
    record: { uuid: string } | null;
    submission: { uuid: string; status: string; reason: string | null; expiresOn: string } | null;
  }>;
const countsOf = async (typeId: string) =>
  (await req('GET', `/api/certification-types/${typeId}`, admin)).json().counts;

describe('member uploads', () => {
  it('a member uploads a certificate: it waits for an admin, counts only once approved, every step audited', async () => {
    const before = await countsOf(types.all);
    const res = await upload(
      types.all,
      { issuedOn: '2026-01-15' },
      { data: demoPdf('bob first aid'), filename: 'fa.pdf' },
    );
    expect(res.statusCode).toBe(201);
    const sub = res.json();
    expect(sub).toMatchObject({ status: 'pending', issuedOn: '2026-01-15', expiresOn: '2028-01-15', reason: null });
    expect(sub.evidence).toMatchObject({ name: 'fa.pdf', contentType: 'application/pdf' });

    // Pending: it counts for nothing, the member sees it waiting, the admin sees it in the queue.
    expect(await countsOf(types.all)).toEqual(before);
    const row = (await mine()).find((r) => r.type.uuid === types.all)!;
    expect(row.status).toBe('missing');
    expect(row.submission).toMatchObject({ uuid: sub.uuid, status: 'pending' });
    const queue = (await req('GET', '/api/certification-submissions', admin)).json();
    expect(queue.totalItems).toBe(1);
    expect(queue.data[0]).toMatchObject({
      record: { uuid: sub.uuid },
      type: { uuid: types.all, name: 'First aid' },
      person: { uuid: ids.bob, email: 'bob@acme.test' },
    });
    // The admin can open the evidence before deciding.
    const dl = await req('GET', `/api/certification-records/${sub.uuid}/evidence`, admin);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');

    // A second upload of the same type while one waits is refused, and changes nothing.
    const n = await recordCount();
    const twice = await upload(
      types.all,
      { issuedOn: '2026-01-16' },
      { data: PNG, filename: 'x.png' },
      bob,
      'acme',
      'fr',
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/déjà envoyé/);
    expect(await recordCount()).toBe(n);

    expect((await req('POST', `/api/certification-records/${sub.uuid}/approve`, admin)).statusCode).toBe(204);
    expect(await countsOf(types.all)).toMatchObject({ valid: before.valid + 1, missing: before.missing - 1 });
    const after = (await mine()).find((r) => r.type.uuid === types.all)!;
    expect(after).toMatchObject({ status: 'valid', record: { uuid: sub.uuid }, submission: null });
    expect((await req('GET', '/api/certification-submissions', admin)).json().totalItems).toBe(0);
    // Approving twice is a clear conflict.
    const again = await req('POST', `/api/certification-records/${sub.uuid}/approve`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CERTIFICATION_NOT_PENDING');

    const audit = await db<{ action: string; actor_user_id: string }>(
      sql`SELECT action, actor_user_id FROM audit_log WHERE target_id = ${sub.uuid} ORDER BY seq`,
    );
    expect(audit).toEqual([
      { action: 'certification.submit', actor_user_id: ids.bob },
      { action: 'certification.approve', actor_user_id: ids.admin },
    ]);
  });

  it('a rejected upload never counts and the member reads why; a new upload is possible then', async () => {
    const res = await upload(
      types.ops,
      { issuedOn: '2026-02-01', expiresOn: '2027-02-01' },
      { data: PNG, filename: 'f.png' },
      carol,
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().uuid;
    const empty = await req('POST', `/api/certification-records/${id}/reject`, admin, { reason: '  ' }, 'acme', 'de');
    expect(empty.statusCode).toBe(400);
    expect((await mine(carol)).find((r) => r.type.uuid === types.ops)!.submission!.status).toBe('pending');

    expect(
      (await req('POST', `/api/certification-records/${id}/reject`, admin, { reason: 'The scan is unreadable' }))
        .statusCode,
    ).toBe(204);
    const row = (await mine(carol)).find((r) => r.type.uuid === types.ops)!;
    expect(row.status).toBe('missing');
    expect(row.submission).toMatchObject({ uuid: id, status: 'rejected', reason: 'The scan is unreadable' });
    expect((await countsOf(types.ops)).valid).toBe(0);
    // Rejected is final: approving it now is refused.
    expect((await req('POST', `/api/certification-records/${id}/approve`, admin)).statusCode).toBe(409);
    const again = await upload(
      types.ops,
      { issuedOn: '2026-02-02' },
      { data: demoPdf('better'), filename: 'f.pdf' },
      carol,
    );
    expect(again.statusCode).toBe(201);
    expect((await mine(carol)).find((r) => r.type.uuid === types.ops)!.submission).toMatchObject({ status: 'pending' });
  });

  it('refuses bad input with a clear translated error and writes nothing', async () => {
    const n = await recordCount();
    const cases = [
      // Not a PDF, PNG or JPEG, whatever its name says.
      [
        await upload(
          types.all,
          { issuedOn: '2026-01-01' },
          { data: Buffer.from('GIF89a....'), filename: 'x.pdf' },
          carol,
          'acme',
          'de',
        ),
        415,
        /PDF-, PNG- oder JPEG/,
      ],
      // No file at all.
      [await upload(types.all, { issuedOn: '2026-01-01' }, null, carol), 400, /./],
      // Over 2 MB.
      [
        await upload(
          types.all,
          { issuedOn: '2026-01-01' },
          { data: Buffer.concat([demoPdf('big'), Buffer.alloc(2 * 1024 * 1024)]), filename: 'big.pdf' },
          carol,
        ),
        413,
        /./,
      ],
      // Expires before it was issued; a date that is not one.
      [
        await upload(
          types.all,
          { issuedOn: '2026-05-01', expiresOn: '2026-04-01' },
          { data: PNG, filename: 'a.png' },
          carol,
        ),
        400,
        /./,
      ],
      [await upload(types.all, { issuedOn: '2026-02-30' }, { data: PNG, filename: 'a.png' }, carol), 400, /./],
      // Someone else's record: the form has no person field, so naming one is an unknown field.
      [
        await upload(types.all, { issuedOn: '2026-01-01', userUuid: ids.bob }, { data: PNG, filename: 'a.png' }, carol),
        400,
        /./,
      ],
    ] as const;
    for (const [res, status, message] of cases) {
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    // Issued tomorrow in the company's zone: not issued yet, said on the field.
    const tomorrow = await t.db.system((tx) => companyDay(tx, ids.acme, 1));
    const future = await upload(
      types.all,
      { issuedOn: tomorrow },
      { data: PNG, filename: 'a.png' },
      carol,
      'acme',
      'fr',
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().issues[0]).toMatchObject({
      path: 'body.issuedOn',
      message: 'La date de délivrance est postérieure à aujourd’hui.',
    });
    expect(await recordCount()).toBe(n);
  });

  it('a member uploads only for themselves, for types they need, in their own company', async () => {
    const n = await recordCount();
    // Bob is not in the Ops team: the Ops-only type does not exist for him.
    expect((await upload(types.ops, { issuedOn: '2026-01-01' }, { data: PNG, filename: 'a.png' })).statusCode).toBe(
      404,
    );
    // Another company's type, through acme's host: unknown.
    expect((await upload(types.globex, { issuedOn: '2026-01-01' }, { data: PNG, filename: 'a.png' })).statusCode).toBe(
      404,
    );
    // Bob's token replayed on globex's host is refused (a token is bound to its host) before anything is read.
    expect(
      (await upload(types.globex, { issuedOn: '2026-01-01' }, { data: PNG, filename: 'a.png' }, bob, 'globex'))
        .statusCode,
    ).toBe(401);
    // Grace (globex) uploading for an acme type on her own host: not her company's type.
    expect(
      (await upload(types.all, { issuedOn: '2026-01-01' }, { data: PNG, filename: 'a.png' }, grace, 'globex'))
        .statusCode,
    ).toBe(404);
    expect(await recordCount()).toBe(n);

    // A member cannot review: approving or listing the queue is the compliance admins'.
    const own = await upload(types.all, { issuedOn: '2026-03-01' }, { data: PNG, filename: 'c.png' }, carol);
    expect(own.statusCode).toBe(201);
    expect((await req('POST', `/api/certification-records/${own.json().uuid}/approve`, carol)).statusCode).toBe(403);
    expect((await req('GET', '/api/certification-submissions', bob)).statusCode).toBe(403);
    // Globex's admin sees none of acme's queue and cannot approve acme's submission.
    expect((await req('GET', '/api/certification-submissions', grace, undefined, 'globex')).statusCode).toBe(403);
    const graceAdmin = await t.db.system((tx) =>
      tx.execute(sql`UPDATE memberships SET roles = '{admin}' WHERE user_id = ${ids.grace} RETURNING id`),
    );
    expect(graceAdmin).toBeTruthy();
    const graceToken = (await tokenFor(t.app, ids.grace, ids.globex)).token;
    const foreignQueue = await req('GET', '/api/certification-submissions', graceToken, undefined, 'globex');
    expect(foreignQueue.statusCode).toBe(200);
    expect(foreignQueue.json().totalItems).toBe(0);
    expect(
      (await req('POST', `/api/certification-records/${own.json().uuid}/approve`, graceToken, undefined, 'globex'))
        .statusCode,
    ).toBe(404);
    expect((await mine(carol)).find((r) => r.type.uuid === types.all)!.submission!.status).toBe('pending');
  });
  it('an upload mails the company’s admins once, in their language, with the link to review it', async () => {
    const jobs = async () =>
      (
        await db<{ n: number; waiting: number }>(
          sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE state <> 'done')::int AS waiting
                FROM jobs WHERE type = 'certification.upload-mail'`,
        )
      )[0]!;
    const settled = async () => {
      const end = Date.now() + 10_000;
      t.app.jobs.wake();
      while ((await jobs()).waiting > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect((await jobs()).waiting).toBe(0);
    };
    // The uploads of the tests above mailed already (one job each).
    await settled();
    const before = (await jobs()).n;
    await t.db.system((tx) => tx.execute(sql`UPDATE users SET language = 'de' WHERE id = ${ids.admin}`));
    t.app.mailer.outbox.length = 0;
    const res = await upload(types.all, { issuedOn: '2026-02-01' }, { data: PNG, filename: 'f.png' });
    expect(res.statusCode).toBe(201);
    await settled();
    // Only the admin is told (not Bob, not the other members, not another company's admin), once.
    expect((await jobs()).n).toBe(before + 1);
    expect(t.app.mailer.outbox.map((m) => m.to)).toEqual(['admin@acme.test']);
    const mail = t.app.mailer.outbox[0]!;
    expect(mail.subject).toBe('bob Test hat ein Zertifikat hochgeladen');
    expect(mail.text).toContain('First aid');
    expect(mail.text).toContain('ausgestellt am 01.02.2026');
    expect(mail.text).toContain('/admin/certifications');
    // A refused upload (one already waits: nothing written) queues no mail.
    const refused = await upload(types.all, { issuedOn: '2026-02-02' }, { data: PNG, filename: 'g.png' });
    expect(refused.statusCode).toBe(409);
    expect((await jobs()).n).toBe(before + 1);
  });

  it('an admin’s own upload is decided by another admin: refused to themselves, mailed to the others only', async () => {
    const dora = await t.db.system(async (tx) => {
      const u = await createUser(tx, { email: 'dora@acme.test', firstName: 'dora', lastName: 'Test' });
      await addMembership(tx, ids.acme, u.id, { roles: ['admin'] });
      return u.id;
    });
    const doraToken = (await tokenFor(t.app, dora, ids.acme)).token;
    t.app.mailer.outbox.length = 0;
    const res = await upload(types.all, { issuedOn: '2026-03-01' }, { data: PNG, filename: 'own.png' }, admin);
    expect(res.statusCode).toBe(201);
    const id = res.json().uuid;
    for (const [path, body] of [
      ['approve', undefined],
      ['reject', { reason: 'mine' }],
    ] as const) {
      const own = await req('POST', `/api/certification-records/${id}/${path}`, admin, body, 'acme', 'fr');
      expect([own.statusCode, own.json()]).toEqual([
        403,
        {
          code: 'CERTIFICATION_OWN_RECORD',
          message: 'Un autre administrateur enregistre et examine vos propres certificats.',
        },
      ]);
    }
    expect((await mine(admin)).find((r) => r.type.uuid === types.all)!.submission).toMatchObject({ status: 'pending' });
    // Nor may the admin record it directly.
    const direct = await call(t.app, {
      method: 'POST',
      url: `/api/certification-types/${types.all}/records`,
      host: 'acme',
      token: admin,
      ...(() => {
        const f = multipartForm({ userUuid: ids.admin, issuedOn: '2026-03-01' });
        return { payload: f.payload, headers: f.headers };
      })(),
    });
    expect([direct.statusCode, direct.json().code]).toEqual([403, 'CERTIFICATION_OWN_RECORD']);
    // Dora is mailed, the uploader is not; Dora approves.
    t.app.jobs.wake();
    const end = Date.now() + 10_000;
    while (t.app.mailer.outbox.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(t.app.mailer.outbox.map((m) => m.to)).toEqual(['dora@acme.test']);
    expect((await req('POST', `/api/certification-records/${id}/approve`, doraToken)).statusCode).toBe(204);
    expect((await mine(admin)).find((r) => r.type.uuid === types.all)!.status).toBe('valid');
  });
});
