import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay, createCertificationType, recordCertification } from '../../db/seed/certification-factories';
import { demoPdf } from '../../db/seed/compliance-factories';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipartForm } from '../../test/multipart';

let t: TestContext;
let ids: {
  acme: string;
  globex: string;
  admin: string;
  bob: string;
  carol: string;
  dave: string;
  erin: string;
  grace: string;
  team: string;
  dept: string;
  globexTeam: string;
};
let admin: string;
let bob: string;
let globexAdmin: string;
let zone: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  // A zone whose calendar day is not UTC's right now: "today" must be the company's.
  zone = new Date().getUTCHours() >= 11 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    await tx.execute(sql`UPDATE companies SET time_zone = ${zone} WHERE id = ${acme.id}`);
    const users = await Promise.all(
      ['admin', 'bob', 'carol', 'dave', 'erin'].map((n) =>
        createUser(tx, { email: `${n}@acme.test`, firstName: n[0]!.toUpperCase() + n.slice(1), lastName: 'Test' }),
      ),
    );
    const [a, b, c, d, e] = users.map((u) => u.id) as [string, string, string, string, string];
    const g = await createUser(tx, { email: 'grace@globex.test', firstName: 'Grace' });
    await addMembership(tx, acme.id, a, { roles: ['admin'] });
    for (const u of [b, c, d, e]) await addMembership(tx, acme.id, u);
    await addMembership(tx, globex.id, g.id, { roles: ['admin'] });
    const team = await createTeam(tx, acme.id, { name: 'Ops', memberIds: [b] });
    const globexTeam = await createTeam(tx, globex.id, { name: 'Globex ops', memberIds: [g.id] });
    const dept = await createDepartment(tx, acme.id, { name: 'Finance' });
    await setEmployee(tx, acme.id, c, { departmentId: dept.id });
    return {
      acme: acme.id,
      globex: globex.id,
      admin: a,
      bob: b,
      carol: c,
      dave: d,
      erin: e,
      grace: g.id,
      team: team.id,
      dept: dept.id,
      globexTeam: globexTeam.id,
    };
  });
  admin = (await tokenFor(t.app, ids.admin, ids.acme)).token;
  bob = (await tokenFor(t.app, ids.bob, ids.acme)).token;
  globexAdmin = (await tokenFor(t.app, ids.grace, ids.globex)).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const req = (method: Method, url: string, payload?: object, token = admin, host = 'acme', lang = 'en') =>
  call(t.app, { method, url, host, token, payload, headers: { 'accept-language': lang } });

const form = multipartForm;
const record = (typeId: string, f: ReturnType<typeof form>, token = admin, host = 'acme', lang = 'en') =>
  call(t.app, {
    method: 'POST',
    url: `/api/certification-types/${typeId}/records`,
    host,
    token,
    payload: f.payload,
    headers: { ...f.headers, 'accept-language': lang },
  });

const recordCount = async () => {
  const r = (await t.db.system((tx) =>
    tx.execute(sql`SELECT count(*)::int AS n FROM certification_records`),
  )) as unknown as { rows: Array<{ n: number }> };
  return r.rows[0]!.n;
};
const auditActions = async (targetId: string) => {
  const r = (await t.db.system((tx) =>
    tx.execute(sql`SELECT action FROM audit_log WHERE target_id = ${targetId} ORDER BY seq`),
  )) as unknown as { rows: Array<{ action: string }> };
  return r.rows.map((x) => x.action);
};

describe('certification types', () => {
  it('creates a type (audited) and refuses a duplicate name, a bad validity and foreign teams, in the reader’s language', async () => {
    const created = await req('POST', '/api/certification-types', {
      name: 'Forklift',
      validityMonths: 36,
      audience: { all: false, teamUuids: [ids.team] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Forklift',
      validityMonths: 36,
      remindDaysBefore: 30,
      audience: { all: false, teamUuids: [ids.team], departmentUuids: [] },
    });
    expect(await auditActions(created.json().uuid)).toEqual(['certification_type.create']);

    const dup = await req('POST', '/api/certification-types', { name: 'forklift' }, admin, 'acme', 'fr');
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'CERTIFICATION_TYPE_NAME_TAKEN',
      message: 'Une certification portant ce nom existe déjà.',
    });
    const bad = await req('POST', '/api/certification-types', { name: 'X', validityMonths: 0 });
    expect(bad.statusCode).toBe(400);
    const foreign = await req('POST', '/api/certification-types', {
      name: 'Y',
      audience: { all: false, teamUuids: [ids.globexTeam] },
    });
    expect(foreign.statusCode).toBe(404);
    const names = (await req('GET', '/api/certification-types?search=forklift'))
      .json()
      .data.map((x: { name: string }) => x.name);
    expect(names).toEqual(['Forklift']);

    const updated = await req('PATCH', `/api/certification-types/${created.json().uuid}`, {
      version: 1,
      remindDaysBefore: 10,
    });
    expect(updated.json()).toMatchObject({ remindDaysBefore: 10, validityMonths: 36, version: 2 });
    const stale = await req('PATCH', `/api/certification-types/${created.json().uuid}`, { version: 1, name: 'Z' });
    expect(stale.statusCode).toBe(409);
    const removed = await req('DELETE', `/api/certification-types/${created.json().uuid}?version=2`);
    expect(removed.statusCode).toBe(204);
    expect(await auditActions(created.json().uuid)).toEqual([
      'certification_type.create',
      'certification_type.update',
      'certification_type.delete',
    ]);
  });
});

describe('status lists', () => {
  let typeId: string;
  let today: string;
  beforeAll(async () => {
    const made = await t.db.system(async (tx) => {
      const type = await createCertificationType(tx, ids.acme, { name: 'First aid', validityMonths: 24 });
      const day = (n: number) => companyDay(tx, ids.acme, n);
      await recordCertification(tx, ids.acme, type, ids.admin, { expiresOn: await day(31) });
      await recordCertification(tx, ids.acme, type, ids.bob, { expiresOn: await day(30) });
      await recordCertification(tx, ids.acme, type, ids.carol, { expiresOn: await day(-1) });
      // Dave's record expires today: still valid today, so expiring, not expired.
      await recordCertification(tx, ids.acme, type, ids.dave, { expiresOn: await day(0) });
      // Erin: nothing recorded.
      return { type: type.id, today: await day(0) };
    });
    typeId = made.type;
    today = made.today;
  });

  it('counts valid / expiring / expired / missing on the company’s day, with the boundaries where they belong', async () => {
    const expectedToday = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    expect(today).toBe(expectedToday);
    expect(today).not.toBe(new Date().toISOString().slice(0, 10));
    const type = (await req('GET', `/api/certification-types/${typeId}`)).json();
    expect(type.today).toBe(today);
    expect(type.counts).toEqual({ assigned: 5, valid: 1, expiring: 2, expired: 1, missing: 1 });
    const listed = (await req('GET', '/api/certification-types?search=first')).json().data[0];
    expect(listed.counts).toEqual(type.counts);

    const statusOf = async (status: string) =>
      (await req('GET', `/api/certification-types/${typeId}/holders?status=${status}`))
        .json()
        .data.map((h: { person: { email: string } }) => h.person.email)
        .sort();
    expect(await statusOf('valid')).toEqual(['admin@acme.test']);
    // Exactly 30 days out and today are "expiring"; yesterday is "expired".
    expect(await statusOf('expiring')).toEqual(['bob@acme.test', 'dave@acme.test']);
    expect(await statusOf('expired')).toEqual(['carol@acme.test']);
    expect(await statusOf('missing')).toEqual(['erin@acme.test']);
  });

  it('filters by team, department and search, and pages on the server', async () => {
    const emails = async (q: string) => {
      const page = (await req('GET', `/api/certification-types/${typeId}/holders?${q}`)).json();
      return { emails: page.data.map((h: { person: { email: string } }) => h.person.email), total: page.totalItems };
    };
    expect(await emails(`teamUuid=${ids.team}`)).toEqual({ emails: ['bob@acme.test'], total: 1 });
    expect(await emails(`departmentUuid=${ids.dept}`)).toEqual({ emails: ['carol@acme.test'], total: 1 });
    expect(await emails('search=erin')).toEqual({ emails: ['erin@acme.test'], total: 1 });
    // Three letters or more go through the company's search index (a name, an email); shorter scan.
    expect(await emails('search=Carol%20Test')).toEqual({ emails: ['carol@acme.test'], total: 1 });
    expect(await emails('search=DAVE%40ACME')).toEqual({ emails: ['dave@acme.test'], total: 1 });
    expect(await emails('search=bo')).toEqual({ emails: ['bob@acme.test'], total: 1 });
    expect(await emails('search=grace')).toEqual({ emails: [], total: 0 });
    expect(await emails(`search=erin&teamUuid=${ids.team}`)).toEqual({ emails: [], total: 0 });
    // A searched page past the end still tells the total (the window count has no row to ride on).
    expect(await emails('search=acme.test&itemsPerPage=2&page=9')).toEqual({ emails: [], total: 5 });
    expect(await emails('search=acme.test&itemsPerPage=2&page=3')).toEqual({ emails: ['erin@acme.test'], total: 5 });
    const page2 = await emails('itemsPerPage=2&page=2');
    expect(page2.total).toBe(5);
    expect(page2.emails).toHaveLength(2);
    const byExpiry = (await req('GET', `/api/certification-types/${typeId}/holders?sort=expiresOn`)).json().data;
    expect(byExpiry.map((h: { status: string }) => h.status)).toEqual([
      'expired',
      'expiring',
      'expiring',
      'valid',
      'missing',
    ]);
  });

  it('records a certification: expiry defaults to issued + validity, evidence checked by content, and it moves lists', async () => {
    const issuedOn = today;
    const res = await record(
      typeId,
      form({ userUuid: ids.erin, issuedOn }, { data: PNG, filename: 'scan.pdf', contentType: 'application/pdf' }),
    );
    expect(res.statusCode).toBe(201);
    const saved = res.json();
    const [y, m, d] = issuedOn.split('-').map(Number) as [number, number, number];
    expect(saved.expiresOn).toBe(
      `${y + 2}-${String(m).padStart(2, '0')}-${String(m === 2 && d === 29 ? 28 : d).padStart(2, '0')}`,
    );
    // A PNG named .pdf is a PNG: its type and extension come from its bytes.
    expect(saved.evidence).toEqual({ name: 'scan.png', contentType: 'image/png', size: PNG.length });
    expect(await auditActions(saved.uuid)).toEqual(['certification.record']);
    const type = (await req('GET', `/api/certification-types/${typeId}`)).json();
    expect(type.counts).toMatchObject({ valid: 2, missing: 0 });

    const dl = await req('GET', `/api/certification-records/${saved.uuid}/evidence`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="scan.png"/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.rawPayload.equals(PNG)).toBe(true);

    // A renewal of Carol's (expired yesterday), with a PDF and an explicit expiry.
    const renewal = await record(
      typeId,
      form(
        { userUuid: ids.carol, issuedOn, expiresOn: '2099-01-31' },
        { data: demoPdf('renewed'), filename: 'cert.pdf' },
      ),
    );
    expect(renewal.json()).toMatchObject({ expiresOn: '2099-01-31', evidence: { contentType: 'application/pdf' } });
    expect(await (async () => (await req('GET', `/api/certification-types/${typeId}`)).json().counts)()).toMatchObject({
      expired: 0,
      valid: 3,
    });
    // Removing it (a mistake) brings the expired record back as the one that counts.
    expect((await req('DELETE', `/api/certification-records/${renewal.json().uuid}`)).statusCode).toBe(204);
    expect((await req('GET', `/api/certification-types/${typeId}`)).json().counts).toMatchObject({ expired: 1 });
    expect(await auditActions(renewal.json().uuid)).toEqual(['certification.record', 'certification.delete']);

    // An older certificate entered late does not replace the one that expires last.
    const late = await record(typeId, form({ userUuid: ids.erin, issuedOn: '2020-01-01', expiresOn: '2021-01-01' }));
    expect(late.statusCode).toBe(201);
    const erin = (await req('GET', `/api/certification-types/${typeId}/holders?search=erin`)).json().data[0];
    expect(erin.status).toBe('valid');
    expect(erin.record.uuid).toBe(saved.uuid);

    // Another admin records an admin's own certificate: refused, nothing written.
    const before = (await req('GET', `/api/certification-types/${typeId}`)).json().counts;
    const own = await record(typeId, form({ userUuid: ids.admin, issuedOn: today, expiresOn: '2099-01-01' }));
    expect([own.statusCode, own.json().code]).toEqual([403, 'CERTIFICATION_OWN_RECORD']);
    // The same id in capitals is the same person to the database: refused the same way.
    const shouted = await record(
      typeId,
      form({ userUuid: ids.admin.toUpperCase(), issuedOn: today, expiresOn: '2099-01-01' }),
    );
    expect([shouted.statusCode, shouted.json().code]).toEqual([403, 'CERTIFICATION_OWN_RECORD']);
    expect((await req('GET', `/api/certification-types/${typeId}`)).json().counts).toEqual(before);
    const ownRows = (await t.db.system((tx) =>
      tx.execute(sql`SELECT 1 FROM certification_records WHERE user_id = ${ids.admin} AND expires_on = '2099-01-01'`),
    )) as unknown as { rows: unknown[] };
    expect(ownRows.rows).toEqual([]);
    // Nor may he remove one of his own records: refused, still there.
    const [mineRow] = (
      (await t.db.system((tx) =>
        tx.execute(sql`SELECT id FROM certification_records WHERE user_id = ${ids.admin} AND is_current`),
      )) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    const removeOwn = await req('DELETE', `/api/certification-records/${mineRow!.id}`);
    expect([removeOwn.statusCode, removeOwn.json().code]).toEqual([403, 'CERTIFICATION_OWN_RECORD']);
    expect((await req('GET', `/api/certification-types/${typeId}`)).json().counts).toEqual(before);
  });

  it('two records for the same person at once leave exactly one that counts', async () => {
    const both = await Promise.all(
      ['2031-01-01', '2032-01-01'].map((expiresOn) =>
        record(typeId, form({ userUuid: ids.dave, issuedOn: '2026-01-01', expiresOn })),
      ),
    );
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    const current = (await t.db.system((tx) =>
      tx.execute(sql`SELECT to_char(expires_on, 'YYYY-MM-DD') AS e FROM certification_records
        WHERE user_id = ${ids.dave} AND type_id = ${typeId} AND is_current`),
    )) as unknown as { rows: Array<{ e: string }> };
    expect(current.rows).toEqual([{ e: '2032-01-01' }]);
    // Back to Dave's record expiring today, for the tests after this one.
    for (const r of both)
      expect((await req('DELETE', `/api/certification-records/${r.json().uuid}`)).statusCode).toBe(204);
  });

  it('refuses bad input with a clear translated error and changes nothing', async () => {
    const before = await recordCount();
    const gif = await record(
      typeId,
      form({ userUuid: ids.dave, issuedOn: today }, { data: Buffer.from('GIF89a....'), filename: 'x.png' }),
      admin,
      'acme',
      'de',
    );
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toMatchObject({
      code: 'CERTIFICATION_EVIDENCE_TYPE',
      message: 'Der Nachweis muss eine PDF-, PNG- oder JPEG-Datei sein.',
    });
    const big = await record(
      typeId,
      form(
        { userUuid: ids.dave, issuedOn: today },
        { data: Buffer.concat([Buffer.from('%PDF-1.4'), Buffer.alloc(2 * 1024 * 1024)]), filename: 'big.pdf' },
      ),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('FILE_TOO_LARGE');
    const order = await record(
      typeId,
      form({ userUuid: ids.dave, issuedOn: '2026-05-10', expiresOn: '2026-05-09' }),
      admin,
      'acme',
      'fr',
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().issues).toEqual([
      {
        path: 'body.expiresOn',
        code: 'expiresBeforeIssued',
        message: 'La date d’expiration est antérieure à la date de délivrance.',
      },
    ]);
    const badDate = await record(typeId, form({ userUuid: ids.dave, issuedOn: '2026-02-30' }));
    expect(badDate.statusCode).toBe(400);
    // Issued after the company's today (the day after `today`, whatever the month): not issued yet.
    const next = new Date(`${today}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const future = await record(typeId, form({ userUuid: ids.dave, issuedOn: next.toISOString().slice(0, 10) }));
    expect(future.statusCode).toBe(400);
    expect(future.json().issues).toEqual([
      { path: 'body.issuedOn', code: 'issuedInFuture', message: 'The issue date is after today.' },
    ]);
    const unknownUser = await record(
      typeId,
      form({ userUuid: '00000000-0000-4000-8000-000000000000', issuedOn: today }),
    );
    expect(unknownUser.statusCode).toBe(404);
    const foreignUser = await record(typeId, form({ userUuid: ids.grace, issuedOn: today }));
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json().message).toBe('Not found.');
    const unknownType = await record(
      '00000000-0000-4000-8000-000000000000',
      form({ userUuid: ids.dave, issuedOn: today }),
    );
    expect(unknownType.statusCode).toBe(404);
    const notMultipart = await req('POST', `/api/certification-types/${typeId}/records`, {
      userUuid: ids.dave,
      issuedOn: today,
    });
    expect(notMultipart.statusCode).toBe(415);
    const extra = await record(
      typeId,
      form({ userUuid: ids.dave, issuedOn: today, ['__proto__']: 'x', admin: 'true' }),
    );
    expect(extra.statusCode).toBe(400);
    expect(await recordCount()).toBe(before);
  });

  it('keeps each company to its own: foreign ids answer 404 exactly like unknown ones, and RLS hides the rows', async () => {
    const acmeRecord = (await req('GET', `/api/certification-types/${typeId}/holders?status=expiring`)).json().data[0]
      .record.uuid;
    for (const url of [
      `/api/certification-types/${typeId}`,
      `/api/certification-types/${typeId}/holders`,
      `/api/certification-records/${acmeRecord}/evidence`,
    ]) {
      const foreign = await req('GET', url, undefined, globexAdmin, 'globex');
      const unknown = await req(
        'GET',
        url.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000'),
        undefined,
        globexAdmin,
        'globex',
      );
      expect([foreign.statusCode, foreign.json()]).toEqual([404, unknown.json()]);
    }
    const writes = [
      await req('PATCH', `/api/certification-types/${typeId}`, { version: 1, name: 'Hijacked' }, globexAdmin, 'globex'),
      await req('DELETE', `/api/certification-types/${typeId}`, undefined, globexAdmin, 'globex'),
      await req('DELETE', `/api/certification-records/${acmeRecord}`, undefined, globexAdmin, 'globex'),
      await record(typeId, form({ userUuid: ids.grace, issuedOn: today }), globexAdmin, 'globex'),
    ];
    expect(writes.map((w) => w.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await req('GET', '/api/certification-types', undefined, globexAdmin, 'globex')).json().totalItems).toBe(0);
    // The database itself: scoped to Globex, a query without any company condition sees no Acme row.
    const seen = (await t.db.scoped({ companyId: ids.globex }, (tx) =>
      tx.execute(
        sql`SELECT (SELECT count(*) FROM certification_types)::int AS types, (SELECT count(*) FROM certification_records)::int AS records`,
      ),
    )) as unknown as { rows: Array<{ types: number; records: number }> };
    expect(seen.rows[0]).toEqual({ types: 0, records: 0 });
    expect((await req('GET', `/api/certification-types/${typeId}`)).json().name).toBe('First aid');
  });

  it('shows a member their own certifications, and only their own evidence', async () => {
    const mine = (await req('GET', '/api/my-certifications', undefined, bob)).json();
    expect(mine.today).toBe(today);
    expect(mine.data).toEqual([
      expect.objectContaining({
        type: expect.objectContaining({ uuid: typeId, name: 'First aid' }),
        status: 'expiring',
        record: expect.objectContaining({ expiresOn: await t.db.system((tx) => companyDay(tx, ids.acme, 30)) }),
      }),
    ]);
    const withEvidence = await record(
      typeId,
      form({ userUuid: ids.bob, issuedOn: today }, { data: demoPdf('bob'), filename: 'première carte.pdf' }),
    );
    const own = await req('GET', `/api/my-certifications/records/${withEvidence.json().uuid}/evidence`, undefined, bob);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="premi_re carte.pdf"; filename*=UTF-8''premi%C3%A8re%20carte.pdf`,
    );
    const erinRecord = (await req('GET', `/api/certification-types/${typeId}/holders?search=erin`)).json().data[0]
      .record.uuid;
    const others = await req('GET', `/api/my-certifications/records/${erinRecord}/evidence`, undefined, bob);
    expect(others.statusCode).toBe(404);
    // A member manages nothing.
    expect((await req('GET', '/api/certification-types', undefined, bob)).statusCode).toBe(403);
    expect((await record(typeId, form({ userUuid: ids.bob, issuedOn: today }), bob)).statusCode).toBe(403);
    expect((await req('GET', `/api/certification-records/${erinRecord}/evidence`, undefined, bob)).statusCode).toBe(
      403,
    );
  });
});
