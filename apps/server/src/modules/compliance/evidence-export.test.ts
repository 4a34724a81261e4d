import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPdf } from '../../db/seed/compliance-factories';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { parseCsv } from '../../lib/csv';
import { unzip } from '../../lib/zip';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipartForm } from '../../test/multipart';

/** The company-wide evidence export: one ZIP an auditor opens, every file listed with its hash. */

let t: TestContext;
let ids: { acme: string; globex: string; admin: string; bob: string; grace: string };
let admin: string;
let bob: string;
let globexAdmin: string;
const created: { policy?: string; globexPolicy?: string; type?: string; record?: string; pending?: string } = {};

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const a = await createUser(tx, { email: 'admin@acme.test', firstName: 'Ada', lastName: 'Admin' });
    const b = await createUser(tx, { email: 'bob@acme.test', firstName: 'Bob', lastName: 'Builder' });
    const g = await createUser(tx, { email: 'grace@globex.test', firstName: 'Grace' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, b.id);
    await addMembership(tx, globex.id, g.id, { roles: ['admin'] });
    return { acme: acme.id, globex: globex.id, admin: a.id, bob: b.id, grace: g.id };
  });
  admin = (await tokenFor(t.app, ids.admin, ids.acme)).token;
  bob = (await tokenFor(t.app, ids.bob, ids.acme)).token;
  globexAdmin = (await tokenFor(t.app, ids.grace, ids.globex)).token;

  const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin, host = 'acme') =>
    call(t.app, { method, url, host, token, payload, headers: { 'user-agent': 'vitest-agent' } });
  const publish = async (title: string, html: string, token = admin, host = 'acme') => {
    const p = (await req('POST', '/api/policies', { title, category: 'HR' }, token, host)).json();
    expect((await req('PUT', `/api/policies/${p.uuid}/draft`, { html }, token, host)).statusCode).toBe(200);
    const published = await req(
      'POST',
      `/api/policies/${p.uuid}/publish`,
      { version: p.version, requiresAck: true },
      token,
      host,
    );
    expect(published.statusCode).toBe(200);
    return published.json();
  };
  const policy = await publish('Code of Conduct', '<h2>Code</h2><p>Be kind, "always".</p>');
  created.policy = policy.uuid;
  created.globexPolicy = (await publish('Globex secret policy', '<p>Globex only</p>', globexAdmin, 'globex')).uuid;
  const d = (await req('GET', `/api/my-policies/${policy.uuid}`, undefined, bob)).json();
  expect(
    (
      await req(
        'POST',
        `/api/my-policies/${policy.uuid}/acknowledge`,
        { versionUuid: d.versionUuid, contentSha256: d.contentSha256 },
        bob,
      )
    ).statusCode,
  ).toBe(201);

  const type = (await req('POST', '/api/certification-types', { name: 'First aid', validityMonths: 12 })).json();
  created.type = type.uuid;
  const form = multipartForm(
    { userUuid: ids.bob, issuedOn: '2026-01-10', expiresOn: '2099-01-10' },
    { data: demoPdf('bob fa'), filename: 'fa.pdf' },
  );
  const rec = await call(t.app, {
    method: 'POST',
    url: `/api/certification-types/${type.uuid}/records`,
    host: 'acme',
    token: admin,
    payload: form.payload,
    headers: form.headers,
  });
  expect(rec.statusCode).toBe(201);
  created.record = rec.json().uuid;
  const own = multipartForm({ issuedOn: '2026-02-01' }, { data: demoPdf('bob own'), filename: 'own.pdf' });
  const sub = await call(t.app, {
    method: 'POST',
    url: `/api/my-certifications/${type.uuid}/records`,
    host: 'acme',
    token: bob,
    payload: own.payload,
    headers: own.headers,
  });
  expect(sub.statusCode).toBe(201);
  created.pending = sub.json().uuid;
  // An audit entry of something else (a team): not part of the compliance trail.
  expect((await req('POST', '/api/teams', { name: 'Ops' })).statusCode).toBe(201);
});
afterAll(() => t.close());

const download = (query = '', token = admin, host = 'acme', lang = 'en') =>
  call(t.app, {
    method: 'GET',
    url: `/api/compliance/evidence.zip${query}`,
    host,
    token,
    headers: { 'accept-language': lang },
  });
const table = (files: Map<string, Buffer>, name: string) => {
  const [header, ...rows] = parseCsv(files.get(name)!.toString('utf8'));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('company evidence export', () => {
  it('is one ZIP with every policy version and its hash, acknowledgements, certifications and their audit trail, and a manifest hashing each file', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="compliance-evidence-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual([
      'policies.csv',
      'policy-versions.csv',
      'acknowledgements.csv',
      'certification-types.csv',
      'certification-records.csv',
      'audit-trail.csv',
      'manifest.json',
    ]);

    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    expect(manifest).toMatchObject({
      format: 'wac-compliance-evidence/1',
      company: { uuid: ids.acme, subDomain: 'acme' },
      range: { fromDay: null, toDay: null },
    });
    // Each file's hash, size and row count in the manifest are those of the bytes in the archive.
    expect(manifest.files).toHaveLength(6);
    for (const f of manifest.files) {
      const bytes = files.get(f.name)!;
      expect(f.sha256).toBe(sha(bytes));
      expect(f.bytes).toBe(bytes.length);
      expect(f.rows).toBe(table(files, f.name).length);
    }

    const policies = table(files, 'policies.csv');
    expect(policies.map((p) => p.title)).toEqual(['Code of Conduct']);
    const versions = table(files, 'policy-versions.csv');
    const stored = (await t.db.system((tx) =>
      tx.execute(
        sql`SELECT content_sha256 FROM policy_versions WHERE policy_id = ${created.policy} AND state = 'published'`,
      ),
    )) as unknown as { rows: Array<{ content_sha256: string }> };
    expect(versions).toEqual([
      expect.objectContaining({
        policyUuid: created.policy,
        version: '1',
        state: 'published',
        contentSha256: stored.rows[0]!.content_sha256,
      }),
    ]);
    expect(table(files, 'acknowledgements.csv')).toEqual([
      expect.objectContaining({
        policyUuid: created.policy,
        version: '1',
        email: 'bob@acme.test',
        userAgent: 'vitest-agent',
        contentSha256: stored.rows[0]!.content_sha256,
      }),
    ]);
    expect(table(files, 'certification-types.csv')).toEqual([
      expect.objectContaining({ typeUuid: created.type, name: 'First aid' }),
    ]);
    const records = table(files, 'certification-records.csv');
    expect(records).toHaveLength(2);
    expect(records.find((r) => r.recordUuid === created.record)).toMatchObject({
      approval: 'approved',
      counts: 'true',
      statusOnExportDay: 'valid',
      evidenceSha256: sha(demoPdf('bob fa')),
      recordedBy: 'admin@acme.test',
    });
    expect(records.find((r) => r.recordUuid === created.pending)).toMatchObject({
      approval: 'pending',
      counts: 'false',
      statusOnExportDay: 'pending',
      recordedBy: 'bob@acme.test',
    });

    // The trail: only policies and certifications, in chain order, each row's hash as stored.
    const trail = table(files, 'audit-trail.csv');
    expect(new Set(trail.map((r) => r.targetType))).toEqual(new Set(['policy', 'certification_type', 'certification']));
    expect(trail.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'policy.create',
        'policy.publish',
        'policy.acknowledge',
        'certification_type.create',
        'certification.record',
        'certification.submit',
      ]),
    );
    const seqs = trail.map((r) => Number(r.seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const chain = (await t.db.system((tx) =>
      tx.execute(
        sql`SELECT seq, hash FROM audit_log WHERE company_id = ${ids.acme} AND target_type IN ('policy', 'certification_type', 'certification') ORDER BY seq`,
      ),
    )) as unknown as { rows: Array<{ seq: string | number; hash: string }> };
    expect(trail.map((r) => [Number(r.seq), r.hash])).toEqual(chain.rows.map((r) => [Number(r.seq), r.hash]));
    expect(manifest.auditChainHead.seq).toBeGreaterThanOrEqual(Math.max(...seqs));

    // Nothing of Globex's anywhere in Acme's archive.
    for (const bytes of files.values()) {
      expect(bytes.toString('utf8')).not.toContain('Globex secret policy');
      expect(bytes.toString('utf8')).not.toContain(created.globexPolicy);
    }
  });

  it('narrows what happened to the range of days; what exists is exported whole', async () => {
    const past = await unzip((await download('?from=2020-01-01&to=2020-12-31')).rawPayload);
    expect(table(past, 'acknowledgements.csv')).toEqual([]);
    expect(table(past, 'audit-trail.csv')).toEqual([]);
    expect(table(past, 'policy-versions.csv')).toHaveLength(1);
    expect(table(past, 'certification-records.csv')).toHaveLength(2);
    expect(JSON.parse(past.get('manifest.json')!.toString())).toMatchObject({
      range: { fromDay: '2020-01-01', toDay: '2020-12-31' },
    });
    const open = await unzip((await download(`?from=2020-01-01&to=2099-12-31`)).rawPayload);
    expect(table(open, 'acknowledgements.csv')).toHaveLength(1);
    expect(table(open, 'audit-trail.csv').length).toBeGreaterThan(0);
  });

  it('refuses a bad range in the reader’s language, and only a compliance admin of the company may download', async () => {
    const backwards = await download('?from=2026-05-02&to=2026-05-01', admin, 'acme', 'de');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBeTruthy();
    expect(JSON.stringify(backwards.json())).toMatch(/Ende/);
    expect((await download('?from=2026-02-30')).statusCode).toBe(400);
    expect((await download('?unknown=1')).statusCode).toBe(400);
    expect((await download('', bob)).statusCode).toBe(403);
    expect((await download('', admin, 'globex')).statusCode).toBe(401);
    const theirs = await unzip((await download('', globexAdmin, 'globex')).rawPayload);
    expect(table(theirs, 'policies.csv').map((p) => p.title)).toEqual(['Globex secret policy']);
    expect(table(theirs, 'certification-records.csv')).toEqual([]);
  });
});
