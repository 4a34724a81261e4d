import { companyChannel, type RealtimeMessage } from '@wac/shared/realtime';
import { type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { parseCsv } from '../../lib/csv';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { linkIn, startSmtp } from '../../test/smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ids: Record<string, string>;
let superRead: string;
let superWrite: string;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtp(3312);
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const sr = await createUser(tx, { email: 'reader@platform.test', roles: ['super_admin'] });
    const sw = await createUser(tx, { email: 'writer@platform.test', roles: ['super_admin', 'super_admin_write'] });
    const a = await createUser(tx, { email: 'a@acme.test' });
    const b = await createUser(tx, { email: 'b@acme.test' });
    const known = await createUser(tx, { email: 'known@person.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, b.id);
    return { acme: acme.id, globex: globex.id, sr: sr.id, sw: sw.id, a: a.id, b: b.id, known: known.id };
  });
  superRead = (await tokenFor(t.app, ids.sr!, null)).token;
  superWrite = (await tokenFor(t.app, ids.sw!, null)).token;
  admin = (await tokenFor(t.app, ids.a!, ids.acme!)).token;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const req = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) => call(t.app, { method, url, token, payload });

describe('companies: reading', () => {
  it('super_admin lists, searches, filters and reads companies; a company admin cannot', async () => {
    const list = await req('GET', '/api/companies', superRead);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, itemsPerPage: 10, totalItems: 2 });
    expect(
      (await req('GET', '/api/companies?search=glob', superRead))
        .json()
        .data.map((c: { subDomain: string }) => c.subDomain),
    ).toEqual(['globex']);
    expect((await req('GET', '/api/companies?enabled=false', superRead)).json().totalItems).toBe(0);
    expect((await req('GET', `/api/companies/${ids.acme}`, superRead)).json().name).toBe('Acme');
    expect((await call(t.app, { method: 'GET', url: '/api/companies', host: 'acme', token: admin })).statusCode).toBe(
      403,
    );
    expect((await req('GET', '/api/companies', '')).statusCode).toBe(401);
  });

  it('lists a company’s users and admins', async () => {
    const users = (await req('GET', `/api/companies/${ids.acme}/users`, superRead)).json();
    expect(users.totalItems).toBe(2);
    const admins = (await req('GET', `/api/companies/${ids.acme}/admins`, superRead)).json();
    expect(admins.data.map((u: { uuid: string }) => u.uuid)).toEqual([ids.a]);
    expect((await req('GET', `/api/companies/${ids.globex}/users`, superRead)).json().totalItems).toBe(0);
    expect((await req('GET', '/api/companies/00000000-0000-4000-8000-000000000000/users', superRead)).statusCode).toBe(
      404,
    );
  });

  it('super_admin without write cannot change anything', async () => {
    expect((await req('PATCH', `/api/companies/${ids.acme}`, superRead, { version: 1, name: 'X' })).statusCode).toBe(
      403,
    );
    expect(
      (await req('POST', '/api/companies', superRead, { name: 'N', subDomain: 'newco', admin: { email: 'x@y.io' } }))
        .statusCode,
    ).toBe(403);
    expect((await req('GET', `/api/companies/${ids.acme}`, superRead)).json().name).toBe('Acme');
  });
});

describe('companies: writing', () => {
  it('creates a company with an existing user as first admin', async () => {
    const res = await req('POST', '/api/companies', superWrite, {
      name: 'Initech',
      subDomain: 'Initech',
      admin: { email: 'known@person.test' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      subDomain: 'initech',
      adminInvited: false,
      plan: 'pro-plan-monthly',
      enabled: true,
    });
    const admins = (await req('GET', `/api/companies/${res.json().uuid}/admins`, superWrite)).json();
    expect(admins.data[0].uuid).toBe(ids.known);
  });

  it('creates a company whose first admin is invited by mail', async () => {
    const before = smtp.inbox.length;
    const res = await req('POST', '/api/companies', superWrite, {
      name: 'Umbrella',
      subDomain: 'umbrella',
      admin: { email: 'boss@umbrella.test', firstName: 'Al' },
    });
    expect(res.json().adminInvited).toBe(true);
    const { url } = linkIn((await smtp.next('boss@umbrella.test', before)).raw);
    expect(url).toContain('://umbrella.localhost');
  });

  it('refuses taken, reserved and invalid sub-domains', async () => {
    const taken = await req('POST', '/api/companies', superWrite, {
      name: 'A2',
      subDomain: 'acme',
      admin: { email: 'z@z.io' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SUBDOMAIN_TAKEN', message: 'This sub-domain is already taken.' });
    for (const subDomain of ['www', '-bad', 'a', 'has space', 'UPPER_']) {
      const r = await req('POST', '/api/companies', superWrite, { name: 'A3', subDomain, admin: { email: 'z@z.io' } });
      expect(r.statusCode, subDomain).toBe(400);
    }
    const c = (await req('GET', `/api/companies/${ids.globex}`, superWrite)).json();
    const edit = await req('PATCH', `/api/companies/${ids.globex}`, superWrite, {
      version: c.version,
      subDomain: 'acme',
    });
    expect(edit.json().code).toBe('SUBDOMAIN_TAKEN');
    expect((await req('GET', '/api/companies?search=a3', superWrite)).json().totalItems).toBe(0);
  });

  it('edits with a version, disables and notifies; members of a disabled company are refused', async () => {
    const c = (await req('GET', `/api/companies/${ids.acme}`, superWrite)).json();
    const seen: RealtimeMessage[] = [];
    const off = t.app.bus.subscribe(companyChannel(ids.acme!), (m) => seen.push(m));
    const res = await req('PATCH', `/api/companies/${ids.acme}`, superWrite, {
      version: c.version,
      title: 'Acme Corporation',
      plan: 'enterprise',
      trialEndsAt: '2027-01-01T00:00:00Z',
      enabled: false,
    });
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Acme Corporation',
      plan: 'enterprise',
      trialEndsAt: '2027-01-01T00:00:00.000Z',
      enabled: false,
    });
    expect(seen).toEqual([{ type: 'company_updated', companyUuid: ids.acme, enabled: false }]);
    const stale = await req('PATCH', `/api/companies/${ids.acme}`, superWrite, { version: c.version, enabled: true });
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const blocked = await call(t.app, { method: 'GET', url: '/api/dashboard/summary', host: 'acme', token: admin });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('COMPANY_DISABLED');
    await req('PATCH', `/api/companies/${ids.acme}`, superWrite, { version: c.version + 1, enabled: true });
  });

  it('manages a company’s users from the platform', async () => {
    const b = (await req('GET', `/api/companies/${ids.acme}/users/${ids.b}`, superWrite)).json();
    const res = await req('PATCH', `/api/companies/${ids.acme}/users/${ids.b}`, superWrite, {
      version: b.version,
      roles: ['admin'],
    });
    expect(res.json().roles).toEqual(['admin']);
    expect(
      (await req('PATCH', `/api/companies/${ids.globex}/users/${ids.b}`, superWrite, { version: 1, enabled: false }))
        .statusCode,
    ).toBe(404);
    const added = await req('POST', `/api/companies/${ids.globex}/users`, superWrite, {
      email: 'b@acme.test',
      roles: ['member'],
    });
    expect(added.json()).toEqual({ invited: false, userUuid: ids.b });
    expect(
      (await req('POST', `/api/companies/${ids.globex}/users`, superWrite, { email: 'b@acme.test' })).json().code,
    ).toBe('ALREADY_MEMBER');
    const revoke = await req('POST', `/api/companies/${ids.globex}/users/${ids.b}/sessions/revoke`, superWrite);
    expect(revoke.json().message).toBe('User session has been revoked successfully');
    expect((await req('DELETE', `/api/companies/${ids.globex}/users/${ids.b}`, superWrite)).statusCode).toBe(204);
    expect((await req('GET', `/api/companies/${ids.globex}/users`, superWrite)).json().totalItems).toBe(0);
  });
});

describe('company logo', () => {
  const upload = (file: Buffer, o?: Parameters<typeof multipart>[1]) => {
    const { payload, headers } = multipart(file, o);
    return call(t.app, {
      method: 'POST',
      url: `/api/companies/${ids.globex}/logo`,
      token: superWrite,
      payload,
      headers,
    });
  };

  it('re-encodes a real JPEG, strips its metadata, resizes it, serves it with safe headers', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('secret-gps-owner'))).toBe(true);
    const res = await upload(jpeg, { filename: 'logo.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const logo: string = res.json().logo;
    expect(logo).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const file = await call(t.app, { method: 'GET', url: logo });
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({ 'content-type': 'image/jpeg', 'x-content-type-options': 'nosniff' });
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.headers['cache-control']).toContain('max-age');
    expect(file.rawPayload.includes(Buffer.from('secret-gps-owner'))).toBe(false);
    const meta = await sharp(file.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
  });

  it('accepts a PNG of 1.5 MB', async () => {
    const noise = Buffer.alloc(700 * 700 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(1_048_576);
    expect(png.length).toBeLessThanOrEqual(2_097_152);
    const res = await upload(png);
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: res.json().logo })).headers['content-type']).toBe('image/png');
  });

  it('refuses a file over 2 MB with the product message, and keeps the old logo', async () => {
    const before = (await req('GET', `/api/companies/${ids.globex}`, superWrite)).json();
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2_097_152)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'File size exceeds 2MB. Please select a smaller file.',
    });
    expect((await req('GET', `/api/companies/${ids.globex}`, superWrite)).json()).toEqual(before);
  });

  it('refuses fakes: text named .png, an SVG, a truncated PNG', async () => {
    const fakes = [
      Buffer.from('<?php echo "hi"; ?>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]),
    ];
    for (const f of fakes) {
      const res = await upload(f);
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    }
    const none = await call(t.app, {
      method: 'POST',
      url: `/api/companies/${ids.globex}/logo`,
      token: superWrite,
      payload: { a: 1 },
    });
    expect(none.statusCode).toBe(415);
  });

  it('only super_admin_write uploads', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipart(png);
    const res = await call(t.app, {
      method: 'POST',
      url: `/api/companies/${ids.globex}/logo`,
      token: superRead,
      payload,
      headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('CSV exports of the platform', () => {
  const exportOf = async (url: string, filename: string, header: string[], token = superRead) => {
    const res = await req('GET', url, token);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [head, ...lines] = parseCsv(res.body);
    expect(head).toEqual(header);
    return lines;
  };
  const COMPANY_HEADER = [
    'uuid',
    'name',
    'subDomain',
    'title',
    'plan',
    'trialEndsAt',
    'enabled',
    'accountType',
    'memberCount',
    'createdAt',
  ];
  const companies = (query: string) => exportOf(`/api/companies/export.csv${query}`, 'companies.csv', COMPANY_HEADER);
  const idsBy = (query: SQL) => t.db.system((tx) => rows<{ id: string }>(tx, query).then((r) => r.map((x) => x.id)));
  let bigUsers: string;

  beforeAll(async () => {
    bigUsers = await t.db.system(async (tx) => {
      // 2,100 companies in one statement (they tie on createdAt); every fifth is disabled.
      await tx.execute(sql`INSERT INTO companies (name, sub_domain, enabled, account_type)
        SELECT 'Export co ' || g, 'exp' || g, g % 5 <> 0, CASE WHEN g % 2 = 0 THEN 'personal' ELSE 'organization' END
          FROM generate_series(1, 2100) g`);
      await createCompany(tx, { name: '=1+1', title: '@SUM(A1)', subDomain: 'formula' });
      // A company of 1,600 users, every third one disabled: 1,067 enabled, more than one batch.
      const c = await createCompany(tx, { name: 'Many users', subDomain: 'manyusers' });
      await tx.execute(sql`INSERT INTO users (email, first_name, last_name)
        SELECT 'u' || g || '@many.test', 'U' || (g % 7), 'Many' FROM generate_series(1, 1600) g`);
      await tx.execute(sql`INSERT INTO memberships (company_id, user_id, enabled)
        SELECT ${c.id}, id, substr(email, 2, strpos(email, '@') - 2)::int % 3 <> 0
          FROM users WHERE email LIKE 'u%@many.test'`);
      return c.id;
    });
  });

  it('streams every company across batches, in the listing’s order for each sort', async () => {
    for (const [query, order] of [
      ['?sort=name', sql`name ASC, id ASC`],
      ['?sort=subDomain&order=desc', sql`sub_domain DESC, id DESC`],
      ['?sort=createdAt&order=desc', sql`created_at DESC, id DESC`],
    ] as const) {
      const lines = await companies(query);
      expect(lines.length, query).toBeGreaterThan(2100);
      expect(
        lines.map((l) => l[0]),
        query,
      ).toEqual(await idsBy(sql`SELECT id FROM companies ORDER BY ${order}`));
    }
    const page = (await req('GET', '/api/companies?sort=subDomain&order=desc', superRead)).json();
    const lines = await companies('?sort=subDomain&order=desc');
    expect(lines.slice(0, 10).map((l) => l[0])).toEqual(page.data.map((c: { uuid: string }) => c.uuid));
  });

  it('exports only the filtered companies, across batches', async () => {
    const lines = await companies('?search=EXPORT%20co&enabled=true&order=desc');
    expect(lines).toHaveLength(1680);
    expect(lines.every((l) => l[1]!.startsWith('Export co ') && l[6] === 'true')).toBe(true);
    expect(lines.map((l) => l[0])).toEqual(
      await idsBy(sql`SELECT id FROM companies WHERE name LIKE 'Export co %' AND enabled ORDER BY name DESC, id DESC`),
    );
    expect(new Set(lines.map((l) => l[7]))).toEqual(new Set(['personal', 'organization']));
  });

  it('writes every column and neutralises formulas', async () => {
    const [line, ...rest] = await companies('?search=formula');
    expect(rest).toEqual([]);
    expect(line!.slice(1, 5)).toEqual(["'=1+1", 'formula', "'@SUM(A1)", 'pro-plan-monthly']);
    expect(line!.slice(6, 9)).toEqual(['true', 'organization', '0']);
    for (const date of [line![5], line![9]]) expect(new Date(date!).toISOString()).toBe(date);
    // The enabled members, as the listing counts them (1,067 of 1,600 in "Many users").
    const [many] = await companies('?search=Many%20users');
    expect(many![8]).toBe('1067');
    const listed = (await req('GET', '/api/companies?search=Many%20users', superRead)).json();
    expect(listed.data[0].memberCount).toBe(1067);
  });

  it('exports a company’s users like its listing, across batches, and no other company’s', async () => {
    const MEMBER_HEADER = [
      'uuid',
      'email',
      'firstName',
      'lastName',
      'roles',
      'enabled',
      'schedulingEnabled',
      'emailEnabled',
      'videoCallEnabled',
      'createdAt',
    ];
    const users = (id: string, query: string, filename: string) =>
      exportOf(`/api/companies/${id}/users/export.csv${query}`, filename, MEMBER_HEADER);
    const many = await users(bigUsers, '?status=enabled&sort=email&order=desc', 'manyusers-users.csv');
    expect(many).toHaveLength(1067);
    expect(many.map((l) => l[0])).toEqual(
      await idsBy(
        sql`SELECT user_id AS id FROM memberships WHERE company_id = ${bigUsers} AND enabled ORDER BY email DESC, id DESC`,
      ),
    );
    expect((await users(bigUsers, '?search=u7', 'manyusers-users.csv')).every((l) => l[1]!.startsWith('u7'))).toBe(
      true,
    );
    const acme = await users(ids.acme!, '?sort=email', 'acme-users.csv');
    const listing = (
      await req('GET', `/api/companies/${ids.acme}/users?sort=email&itemsPerPage=100`, superRead)
    ).json();
    expect(acme.map((l) => l[0])).toEqual(listing.data.map((m: { uuid: string }) => m.uuid));
    expect(acme.map((l) => l[1])).toEqual(['a@acme.test', 'b@acme.test']);
    expect(await users(ids.globex!, '', 'globex-users.csv')).toEqual([]);
  });

  it('refuses company admins (403), signed-out (401), unknown companies (404) and bad queries (400)', async () => {
    const asAdmin = (url: string) => call(t.app, { method: 'GET', url, host: 'acme', token: admin });
    for (const url of ['/api/companies/export.csv', `/api/companies/${ids.acme}/users/export.csv`]) {
      expect((await asAdmin(url)).statusCode, url).toBe(403);
      expect((await req('GET', url, '')).statusCode, url).toBe(401);
    }
    const missing = await req('GET', '/api/companies/00000000-0000-4000-8000-000000000000/users/export.csv', superRead);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    for (const url of [
      '/api/companies/export.csv?sort=password',
      '/api/companies/export.csv?enabled=maybe',
      '/api/companies/not-a-uuid/users/export.csv',
      `/api/companies/${ids.acme}/users/export.csv?sort=password`,
      `/api/companies/${ids.acme}/users/export.csv?status=sleeping`,
    ]) {
      const bad = await req('GET', url, superRead);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(bad.json().message).toBeTruthy();
    }
  });
});
