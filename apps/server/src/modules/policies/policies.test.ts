import { errorMessage } from '@wac/shared/errors';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../../db/seed/factories';
import { createCtx, forCompany } from '../../lib/context';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipart } from '../../test/multipart';
import * as service from './policies.service';

let t: TestContext;
let ids: { acme: string; globex: string; admin: string; bob: string; carol: string; team: string; dept: string };
let admin: string;
let bob: string;
let carol: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const a = await createUser(tx, { email: 'admin@acme.test' });
    const b = await createUser(tx, { email: 'bob@acme.test' });
    const c = await createUser(tx, { email: 'carol@acme.test' });
    const g = await createUser(tx, { email: 'admin@globex.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, b.id);
    await addMembership(tx, acme.id, c.id);
    await addMembership(tx, globex.id, g.id, { roles: ['admin'] });
    const team = await createTeam(tx, acme.id, { name: 'Ops', memberIds: [b.id] });
    const dept = await createDepartment(tx, acme.id, { name: 'Finance' });
    await setEmployee(tx, acme.id, c.id, { departmentId: dept.id });
    return {
      acme: acme.id,
      globex: globex.id,
      admin: a.id,
      bob: b.id,
      carol: c.id,
      g: g.id,
      team: team.id,
      dept: dept.id,
    };
  });
  ids = made;
  admin = (await tokenFor(t.app, made.admin, made.acme)).token;
  bob = (await tokenFor(t.app, made.bob, made.acme)).token;
  carol = (await tokenFor(t.app, made.carol, made.acme)).token;
  otherAdmin = (await tokenFor(t.app, made.g, made.globex)).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, payload?: object, token = admin, host = 'acme', lang = 'en') =>
  call(t.app, {
    method,
    url,
    host,
    token,
    payload,
    headers: { 'accept-language': lang, 'user-agent': 'vitest-agent', 'x-forwarded-for': '203.0.113.9' },
  });
const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

async function publishedPolicy(title: string, html = `<h2>${title}</h2><p>Read me.</p>`, extra: object = {}) {
  const p = (await req('POST', '/api/policies', { title, category: 'HR', ...extra })).json();
  expect((await req('PUT', `/api/policies/${p.uuid}/draft`, { html })).statusCode).toBe(200);
  const published = await req('POST', `/api/policies/${p.uuid}/publish`, { version: p.version, requiresAck: true });
  expect(published.statusCode).toBe(200);
  return published.json();
}
const myDetail = async (id: string, token = bob) =>
  (await req('GET', `/api/my-policies/${id}`, undefined, token)).json();
const acknowledge = async (id: string, token = bob) => {
  const d = await myDetail(id, token);
  return req(
    'POST',
    `/api/my-policies/${id}/acknowledge`,
    { versionUuid: d.versionUuid, contentSha256: d.contentSha256 },
    token,
  );
};

describe('policies: versions', () => {
  it('creates a policy with an empty draft, edits it freely, publishes a frozen version', async () => {
    const created = await req('POST', '/api/policies', {
      title: 'Code of Conduct',
      category: 'Ethics',
      ownerUuid: ids.admin,
      dueDays: 7,
    });
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({ title: 'Code of Conduct', status: 'draft', currentNumber: null, dueDays: 7 });
    expect(p.owner).toMatchObject({ uuid: ids.admin, email: 'admin@acme.test' });

    const empty = await req('POST', `/api/policies/${p.uuid}/publish`, { version: p.version, requiresAck: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('POLICY_EMPTY');

    const draft = await req('PUT', `/api/policies/${p.uuid}/draft`, {
      html: '<h1>Be kind</h1><ul><li>One</li></ul><a href="https://example.com">link</a><table><tr><td>x</td></tr></table>',
    });
    expect(draft.statusCode).toBe(200);
    const d = draft.json();
    expect(d).toMatchObject({ number: 1, state: 'draft', bodyKind: 'text' });
    expect(d.bodyHtml).toContain('<h1>Be kind</h1>');
    expect(d.bodyHtml).toContain('rel="noopener noreferrer nofollow"');
    expect(d.contentSha256).toBe(sha(d.bodyHtml));

    const published = await req('POST', `/api/policies/${p.uuid}/publish`, { version: p.version, requiresAck: true });
    expect(published.json()).toMatchObject({ status: 'active', currentNumber: 1, ackNumber: 1 });

    // Editing again starts version 2 as a draft; version 1 is unchanged.
    const v2 = (await req('PUT', `/api/policies/${p.uuid}/draft`, { html: '<p>Be very kind</p>' })).json();
    expect(v2).toMatchObject({ number: 2, state: 'draft' });
    const detail = (await req('GET', `/api/policies/${p.uuid}`)).json();
    expect(detail.versions.map((v: { number: number; state: string }) => [v.number, v.state])).toEqual([
      [2, 'draft'],
      [1, 'published'],
    ]);
    const v1 = (await req('GET', `/api/policies/${p.uuid}/versions/${detail.versions[1].uuid}`)).json();
    expect(v1.bodyHtml).toContain('Be kind');
  });

  it('refuses scripts, event handlers and off-site links with a translated error, changing nothing', async () => {
    const p = await publishedPolicy('Safe text');
    const before = (await req('GET', `/api/policies/${p.uuid}`)).json();
    for (const html of [
      '<p onclick="x()">a</p>',
      '<script>alert(1)</script>',
      '<a href="javascript:alert(1)">x</a>',
      // Read by browsers as //evil.test: another site behind what looks like a path of this one.
      '<a href="/\\evil.test">x</a>',
      '<a href="/&#9;/evil.test">x</a>',
    ]) {
      const bad = await req('PUT', `/api/policies/${p.uuid}/draft`, { html }, admin, 'acme', 'de');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'POLICY_HTML_UNSAFE' });
      expect(bad.json().message).toContain('Skripte');
    }
    expect((await req('GET', `/api/policies/${p.uuid}`)).json()).toEqual(before);
  });

  it('refuses text nested deeper than the editor writes (parsing cost grows with the square of the depth), changing nothing', async () => {
    const p = await publishedPolicy('Shallow text');
    const before = (await req('GET', `/api/policies/${p.uuid}`)).json();
    // Within the 200,000 characters a body may have: it held the event loop over a second.
    const bad = await req('PUT', `/api/policies/${p.uuid}/draft`, { html: '<b>'.repeat(66_000) }, admin, 'acme', 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'POLICY_HTML_TOO_DEEP',
      message: errorMessage('POLICY_HTML_TOO_DEEP', 'fr'),
      issues: [{ path: 'body.html', code: 'invalid' }],
    });
    expect((await req('GET', `/api/policies/${p.uuid}`)).json()).toEqual(before);
    // Lists in a table cell, as deep as the editor goes, are kept.
    const nested = `<table><tbody><tr><td>${'<ul><li><p>'.repeat(20)}x${'</p></li></ul>'.repeat(20)}</td></tr></tbody></table>`;
    expect((await req('PUT', `/api/policies/${p.uuid}/draft`, { html: nested })).statusCode).toBe(200);
  });

  it('refuses to publish a draft stored before its links were refused (an off-site link)', async () => {
    const p = (await req('POST', '/api/policies', { title: 'Old draft', category: 'HR' })).json();
    await req('PUT', `/api/policies/${p.uuid}/draft`, { html: '<p>See <a href="/handbook">the handbook</a></p>' });
    // What the sanitiser kept before '/\\host' was refused.
    await t.db.system((tx) =>
      tx.execute(
        sql`UPDATE policy_versions SET body_html = '<p>See <a href="/\\evil.test" rel="noopener noreferrer nofollow">the handbook</a></p>'
             WHERE policy_id = ${p.uuid} AND state = 'draft'`,
      ),
    );
    const res = await req('POST', `/api/policies/${p.uuid}/publish`, { version: p.version, requiresAck: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('POLICY_HTML_UNSAFE');
    expect((await req('GET', `/api/policies/${p.uuid}`)).json()).toMatchObject({
      status: 'draft',
      currentNumber: null,
    });
  });

  it('keeps published versions immutable in the database itself', async () => {
    const p = await publishedPolicy('Frozen');
    const attempt = t.db.scoped({ companyId: ids.acme }, (tx) =>
      tx.execute(
        sql`UPDATE policy_versions SET body_html = 'changed' WHERE policy_id = ${p.uuid} AND state = 'published'`,
      ),
    );
    await expect(attempt).rejects.toMatchObject({ cause: { message: expect.stringMatching(/immutable/) } });
  });

  it('refuses to change or delete an acknowledgement, yet lets a deleted policy take its acknowledgements along', async () => {
    const p = await publishedPolicy('Cascade');
    const ack = (await acknowledge(p.uuid)).json();
    // As the server's login role, which owns the tables (the app role may not write them at all).
    for (const statement of [
      'UPDATE policy_acknowledgements SET user_agent = $2 WHERE id = $1',
      'DELETE FROM policy_acknowledgements WHERE id = $1 AND $2::text IS NOT NULL',
    ]) {
      // Refused as immutable (42501), not failing on a column the table does not have (42703).
      await expect(t.db.query(statement, [ack.uuid, 'forged'])).rejects.toMatchObject({
        code: '42501',
        message: expect.stringMatching(/immutable/),
      });
    }
    // A policy deleted in SQL (no route deletes one) takes its frozen versions and acknowledgements along.
    await t.db.query('DELETE FROM policies WHERE id = $1', [p.uuid]);
    const left = await t.db
      .system((tx) => tx.execute(sql`SELECT count(*)::int AS n FROM policy_acknowledgements WHERE id = ${ack.uuid}`))
      .then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
    expect(left).toBe(0);
  });

  it('takes a PDF checked by its bytes (≤ 2 MB) and serves it as a download', async () => {
    const p = (await req('POST', '/api/policies', { title: 'Information Security Policy' })).json();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1000, 32), Buffer.from('\n%%EOF')]);
    const up = multipart(pdf, { filename: 'infosec.pdf', contentType: 'application/pdf' });
    const ok = await call(t.app, {
      method: 'PUT',
      url: `/api/policies/${p.uuid}/draft/pdf`,
      host: 'acme',
      token: admin,
      ...up,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ bodyKind: 'pdf', pdfName: 'infosec.pdf', contentSha256: sha(pdf) });

    const fake = multipart(Buffer.from('<html>not a pdf</html>'), {
      filename: 'x.pdf',
      contentType: 'application/pdf',
    });
    const bad = await call(t.app, {
      method: 'PUT',
      url: `/api/policies/${p.uuid}/draft/pdf`,
      host: 'acme',
      token: admin,
      ...fake,
    });
    expect(bad.statusCode).toBe(415);
    // Said as what it is: not a PDF (the image-upload sentence named PNG, JPEG or WebP here).
    expect(bad.json()).toMatchObject({
      code: 'POLICY_PDF_TYPE',
      message: 'This file is not a PDF. Please choose a PDF file.',
    });
    const big = multipart(Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(2 * 1024 * 1024)]), {
      filename: 'big.pdf',
    });
    const tooBig = await call(t.app, {
      method: 'PUT',
      url: `/api/policies/${p.uuid}/draft/pdf`,
      host: 'acme',
      token: admin,
      ...big,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('FILE_TOO_LARGE');

    const published = (
      await req('POST', `/api/policies/${p.uuid}/publish`, { version: p.version, requiresAck: true })
    ).json();
    const mine = await myDetail(published.uuid);
    expect(mine).toMatchObject({ bodyKind: 'pdf', contentSha256: sha(pdf) });
    const dl = await req('GET', `/api/my-policies/${p.uuid}/pdf`, undefined, bob);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="infosec.pdf"/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.rawPayload.equals(pdf)).toBe(true);
  });

  it('names a PDF for download as what it is: a .pdf, whatever name it was uploaded under', async () => {
    const p = (await req('POST', '/api/policies', { title: 'Handbook' })).json();
    // A PDF that is also a script once saved as .hta or .html: the bytes pass, the name must not.
    const polyglot = Buffer.from('%PDF-1.4\n<html><script>alert(document.domain)</script></html>\n%%EOF');
    let draftUuid = '';
    for (const [filename, expected] of [
      ['handbook.hta', 'handbook.pdf'],
      ['Read me.html', 'Read me.pdf'],
      ['policy', 'policy.pdf'],
      ['..\\..\\start.pdf.exe', 'start.pdf.pdf'],
    ] as const) {
      const up = multipart(polyglot, { filename, contentType: 'application/pdf' });
      const put = await call(t.app, {
        method: 'PUT',
        url: `/api/policies/${p.uuid}/draft/pdf`,
        host: 'acme',
        token: admin,
        ...up,
      });
      expect(put.statusCode, filename).toBe(200);
      expect(put.json().pdfName, filename).toBe(expected);
      draftUuid = put.json().uuid;
      const dl = await req('GET', `/api/policies/${p.uuid}/versions/${put.json().uuid}/pdf`);
      expect(dl.headers['content-disposition'], filename).toBe(`attachment; filename="${expected}"`);
    }
    // A name stored before uploads were named so is served as a .pdf too.
    await t.db.system((tx) =>
      tx.execute(
        sql`UPDATE policy_versions SET pdf_name = 'legacy "x".html' WHERE policy_id = ${p.uuid} AND state = 'draft'`,
      ),
    );
    const legacy = await req('GET', `/api/policies/${p.uuid}/versions/${draftUuid}/pdf`);
    expect(legacy.headers['content-disposition']).toBe('attachment; filename="legacy _x_.pdf"');
  });

  it('refuses a due period under one day and foreign references', async () => {
    const bad = await req('POST', '/api/policies', { title: 'X', dueDays: 0 });
    expect(bad.statusCode).toBe(400);
    const foreignTeam = await req('POST', '/api/policies', {
      title: 'Y',
      audience: { all: false, teamUuids: [crypto.randomUUID()], departmentUuids: [] },
    });
    expect(foreignTeam.statusCode).toBe(404);
  });
});

describe('policies: acknowledgements', () => {
  it('records the person, version, hash, IP and user agent; refuses twice; re-ack makes everyone outstanding', async () => {
    const p = await publishedPolicy('Acceptable Use');
    const mine = (await req('GET', '/api/my-policies', undefined, bob)).json();
    expect(mine.data.find((x: { uuid: string }) => x.uuid === p.uuid)).toMatchObject({
      status: 'outstanding',
      number: 1,
    });

    const ack = await acknowledge(p.uuid);
    expect(ack.statusCode).toBe(201);
    expect(ack.json()).toMatchObject({ number: 1 });
    const [stored] = await t.db
      .system((tx) => tx.execute(sql`SELECT * FROM policy_acknowledgements WHERE id = ${ack.json().uuid}`))
      .then((r) => (r as unknown as { rows: Array<Record<string, unknown>> }).rows);
    expect(stored).toMatchObject({ user_id: ids.bob, version_number: 1, user_agent: 'vitest-agent' });
    expect(stored!.content_sha256).toBe((await myDetail(p.uuid)).contentSha256);

    const twice = await acknowledge(p.uuid);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('POLICY_ALREADY_ACKNOWLEDGED');

    // A wording fix that needs no re-acknowledgement keeps Bob done.
    await req('PUT', `/api/policies/${p.uuid}/draft`, { html: '<p>Typo fixed.</p>' });
    let cur = (await req('GET', `/api/policies/${p.uuid}`)).json();
    await req('POST', `/api/policies/${p.uuid}/publish`, { version: cur.version, requiresAck: false });
    expect((await myDetail(p.uuid)).status).toBe('acknowledged');

    // A version that needs re-acknowledgement makes him outstanding again.
    await req('PUT', `/api/policies/${p.uuid}/draft`, { html: '<p>New rules.</p>' });
    cur = (await req('GET', `/api/policies/${p.uuid}`)).json();
    await req('POST', `/api/policies/${p.uuid}/publish`, { version: cur.version, requiresAck: true });
    expect((await myDetail(p.uuid)).status).toBe('outstanding');
    expect((await acknowledge(p.uuid)).statusCode).toBe(201);
  });

  it('refuses a stale hash, drafts, archived, foreign and out-of-audience policies', async () => {
    const p = await publishedPolicy('Travel');
    const d = await myDetail(p.uuid);
    const stale = await req(
      'POST',
      `/api/my-policies/${p.uuid}/acknowledge`,
      { versionUuid: d.versionUuid, contentSha256: sha('other') },
      bob,
    );
    expect(stale.json().code).toBe('POLICY_VERSION_OUTDATED');

    const draftOnly = (await req('POST', '/api/policies', { title: 'Draft only' })).json();
    const detail = (await req('GET', `/api/policies/${draftOnly.uuid}`)).json();
    const draftAck = await req(
      'POST',
      `/api/my-policies/${draftOnly.uuid}/acknowledge`,
      { versionUuid: detail.versions[0].uuid, contentSha256: sha('x') },
      bob,
      'acme',
      'fr',
    );
    expect(draftAck.statusCode).toBe(409);
    expect(draftAck.json()).toMatchObject({
      code: 'POLICY_NOT_PUBLISHED',
      message: 'Cette politique n’a pas encore de version publiée.',
    });

    const archivedP = await publishedPolicy('Old');
    const shown = await myDetail(archivedP.uuid);
    await req('POST', `/api/policies/${archivedP.uuid}/archive`, { version: archivedP.version });
    const archivedAck = await req(
      'POST',
      `/api/my-policies/${archivedP.uuid}/acknowledge`,
      { versionUuid: shown.versionUuid, contentSha256: shown.contentSha256 },
      bob,
    );
    expect(archivedAck.json().code).toBe('POLICY_ARCHIVED');

    // Globex's policy does not exist on acme, nor for acme's members.
    const g = (await req('POST', '/api/policies', { title: 'Globex rules' }, otherAdmin, 'globex')).json();
    expect((await req('GET', `/api/my-policies/${g.uuid}`, undefined, bob)).statusCode).toBe(404);
    expect((await req('GET', `/api/policies/${g.uuid}`)).statusCode).toBe(404);

    // A team-only policy: Bob (in Ops) sees it, Carol does not; a department-only one: the other way round.
    const teamOnly = await publishedPolicy('Ops runbook', '<p>Ops</p>', {
      audience: { all: false, teamUuids: [ids.team], departmentUuids: [] },
    });
    const deptOnly = await publishedPolicy('Finance rules', '<p>Money</p>', {
      audience: { all: false, teamUuids: [], departmentUuids: [ids.dept] },
    });
    expect((await req('GET', `/api/my-policies/${teamOnly.uuid}`, undefined, bob)).statusCode).toBe(200);
    expect((await req('GET', `/api/my-policies/${teamOnly.uuid}`, undefined, carol)).statusCode).toBe(404);
    expect((await req('GET', `/api/my-policies/${deptOnly.uuid}`, undefined, carol)).statusCode).toBe(200);
    const outside = await req(
      'POST',
      `/api/my-policies/${teamOnly.uuid}/acknowledge`,
      { versionUuid: d.versionUuid, contentSha256: d.contentSha256 },
      carol,
    );
    expect(outside.statusCode).toBe(404);
  });

  it('never changes or deletes an acknowledgement, even through the database role', async () => {
    const del = t.db.scoped({ companyId: ids.acme }, (tx) => tx.execute(sql`DELETE FROM policy_acknowledgements`));
    await expect(del).rejects.toThrow();
    const upd = t.db.scoped({ companyId: ids.acme }, (tx) =>
      tx.execute(sql`UPDATE policy_acknowledgements SET ip = 'x'`),
    );
    await expect(upd).rejects.toThrow();
  });
});

describe('policies: tracking', () => {
  it('counts assigned, acknowledged, outstanding, overdue; filters; exports CSV', async () => {
    const p = await publishedPolicy('Tracking');
    let tr = (await req('GET', `/api/policies/${p.uuid}/tracking`)).json();
    expect(tr.summary).toMatchObject({ assigned: 3, acknowledged: 0, outstanding: 3, overdue: 0, completion: 0 });
    await acknowledge(p.uuid, bob);
    tr = (await req('GET', `/api/policies/${p.uuid}/tracking?status=acknowledged`)).json();
    expect(tr.summary).toMatchObject({ acknowledged: 1, completion: 33.3 });
    expect(tr.data.map((r: { person: { uuid: string } }) => r.person.uuid)).toEqual([ids.bob]);
    const byTeam = (await req('GET', `/api/policies/${p.uuid}/tracking?teamUuid=${ids.team}`)).json();
    expect(byTeam.totalItems).toBe(1);
    const byDept = (
      await req('GET', `/api/policies/${p.uuid}/tracking?departmentUuid=${ids.dept}&status=outstanding`)
    ).json();
    expect(byDept.data.map((r: { person: { uuid: string } }) => r.person.uuid)).toEqual([ids.carol]);
    const search = (await req('GET', `/api/policies/${p.uuid}/tracking?search=carol`)).json();
    expect(search.totalItems).toBe(1);

    // Overdue once the due date passed (the policy's publication moved back in time).
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE policies SET ack_published_at = now() - interval '30 days' WHERE id = ${p.uuid}`),
    );
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE memberships SET created_at = now() - interval '60 days' WHERE company_id = ${ids.acme}`),
    );
    tr = (await req('GET', `/api/policies/${p.uuid}/tracking`)).json();
    expect(tr.summary).toMatchObject({ assigned: 3, acknowledged: 1, overdue: 2, outstanding: 0 });

    const csv = await req('GET', `/api/policies/${p.uuid}/tracking/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('firstName,lastName,email,status');
    expect(csv.body).toContain('bob@acme.test');
  });

  it('exports evidence: versions with hashes, acknowledgements as CSV, the audit trail with chain hashes', async () => {
    const p = await publishedPolicy('Evidence');
    await acknowledge(p.uuid, bob);
    const res = await req('GET', `/api/policies/${p.uuid}/evidence.json`);
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({ format: 'wac-policy-evidence/1', policy: { uuid: p.uuid } });
    expect(m.versions).toEqual([
      expect.objectContaining({
        number: 1,
        acknowledgements: 1,
        contentSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    expect(m.auditTrail.map((e: { action: string }) => e.action)).toEqual([
      'policy.create',
      'policy.draft_update',
      'policy.publish',
      'policy.acknowledge',
    ]);
    expect(m.auditTrail[0].hash).toMatch(/^[0-9a-f]{64}$/);
    const csv = await req('GET', `/api/policies/${p.uuid}/evidence/acknowledgements.csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('bob@acme.test');
    expect(lines[1]).toContain(m.versions[0].contentSha256);
    const empty = await req('GET', `/api/policies/${p.uuid}/evidence/acknowledgements.csv?to=2000-01-01T00:00:00Z`);
    expect(empty.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('tells open tracking pages when someone acknowledges (company channel)', async () => {
    const p = await publishedPolicy('Live');
    const seen: unknown[] = [];
    const off = t.app.bus.subscribe(`/company/${ids.acme}/events`, (m) => seen.push(m));
    await off.ready;
    await acknowledge(p.uuid, carol);
    off();
    expect(seen).toContainEqual({ type: 'listing_changed', resource: 'policies' });
  });

  it('a member may not manage or track policies', async () => {
    expect((await req('GET', '/api/policies', undefined, bob)).statusCode).toBe(403);
    expect((await req('POST', '/api/policies', { title: 'Nope' }, bob)).statusCode).toBe(403);
  });

  it('serves a job the same way without a request', async () => {
    const ctx = forCompany(createCtx(t.app), ids.acme);
    const made = await service.create(ctx, { title: 'From a job' });
    expect(made).toMatchObject({ title: 'From a job', status: 'draft' });
  });
});
