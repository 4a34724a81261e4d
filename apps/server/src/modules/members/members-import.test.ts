import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { linkIn, startSmtp } from '../../test/smtp';
import { IMPORT_MAX_ROWS, roleOf } from './members-import.service';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ids: Record<string, string>;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtp(3313);
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const a = await createUser(tx, { email: 'a@acme.test' });
    const m = await createUser(tx, { email: 'member@acme.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, m.id);
    return { acme: acme.id, a: a.id };
  });
  admin = (await tokenFor(t.app, ids.a!, ids.acme!)).token;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const CSV = [
  'Email,FirstName,LastName,Role',
  'ok.one@example.org,Ok,One,member',
  '"ok.two@example.org","Ok, Jr.",Two,ADMIN',
  'not-an-email,Bad,Email,member',
  'ok.one@example.org,Dup,Row,member',
  'member@acme.test,Already,Member,member',
  'norole@example.org,No,Role,',
  'x@example.org,,Missing,owner',
].join('\r\n');

const send = (url: string, body: Buffer | string, lang = 'en') => {
  const { payload, headers } = multipart(Buffer.from(body), { filename: 'members.csv', contentType: 'text/csv' });
  return call(t.app, {
    method: 'POST',
    url,
    host: 'acme',
    token: admin,
    payload,
    headers: { ...headers, 'accept-language': lang },
  });
};
const invitationCount = async () =>
  (await t.db.system((tx) => rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM invitations`)))[0]!.n;

describe('members CSV import', () => {
  it('previews the result per row and writes nothing', async () => {
    const res = await send('/api/members/import/preview', CSV);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalRows: 7, validRows: 3, invalidRows: 4, imported: 0 });
    expect(body.rows.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
      [2, 'valid'],
      [3, 'valid'],
      [4, 'invalid'],
      [5, 'invalid'],
      [6, 'skipped'],
      [7, 'valid'],
      [8, 'invalid'],
    ]);
    expect(body.rows[2].errors[0]).toMatchObject({ field: 'email', code: 'email' });
    expect(body.rows[3].errors[0].code).toBe('duplicate');
    expect(body.rows[4].errors[0].code).toBe('ALREADY_MEMBER');
    expect(body.rows[6].errors.map((e: { field: string }) => e.field).sort()).toEqual(['firstName', 'role']);
    expect(await invitationCount()).toBe(0);
    expect(smtp.inbox).toHaveLength(0);
  });

  it('imports the good rows, reports the bad ones, mails each invited person', async () => {
    const res = await send('/api/members/import', CSV, 'fr');
    const body = res.json();
    expect(body).toMatchObject({ totalRows: 7, imported: 3 });
    expect(
      body.rows.filter((r: { status: string }) => r.status === 'invited').map((r: { email: string }) => r.email),
    ).toEqual(['ok.one@example.org', 'ok.two@example.org', 'norole@example.org']);
    expect(body.rows[2].errors[0].message).toBe('Veuillez saisir une adresse e-mail valide.');
    const mail = await smtp.next('ok.two@example.org');
    expect(linkIn(mail.raw).url).toContain('acme.localhost');
    const invites = await call(t.app, {
      method: 'GET',
      url: '/api/invitations?sort=email',
      host: 'acme',
      token: admin,
    });
    expect(
      invites
        .json()
        .data.map((i: { email: string; roles: string[]; firstName: string }) => [i.email, i.roles, i.firstName]),
    ).toEqual([
      ['norole@example.org', ['member'], 'No'],
      ['ok.one@example.org', ['member'], 'Ok'],
      ['ok.two@example.org', ['admin'], 'Ok, Jr.'],
    ]);
    // Importing the same file again invites nobody twice.
    const again = (await send('/api/members/import', CSV)).json();
    expect(again.imported).toBe(0);
    expect(again.rows[0]).toMatchObject({ status: 'skipped', errors: [{ code: 'INVITATION_PENDING' }] });
  });

  it('reads a file as the members export writes it (roles, extra columns)', async () => {
    const exported = [
      'uuid,email,firstName,lastName,roles,enabled,schedulingEnabled,emailEnabled,videoCallEnabled,createdAt',
      'x,roles.admin@example.org,Rae,Admin,admin member,true,true,true,true,2026-01-01T00:00:00.000Z',
      'y,roles.member@example.org,Mo,Member,member,true,true,true,true,2026-01-01T00:00:00.000Z',
      'z,roles.bad@example.org,Bo,Bad,owner,true,true,true,true,2026-01-01T00:00:00.000Z',
    ].join('\r\n');
    const body = (await send('/api/members/import/preview', exported)).json();
    expect(body.rows.map((r: { email: string; status: string }) => [r.email, r.status])).toEqual([
      ['roles.admin@example.org', 'valid'],
      ['roles.member@example.org', 'valid'],
      ['roles.bad@example.org', 'invalid'],
    ]);
    expect(body.rows[2].errors[0].field).toBe('role');
    expect(roleOf('Admin; Member')).toBe('admin');
    expect(roleOf('')).toBe('member');
    expect(roleOf('member member')).toBe('member');
  });

  it('refuses files that are not a members CSV, changing nothing', async () => {
    const before = await invitationCount();
    for (const bad of [
      'name,phone\r\nx,y',
      'email,firstName,lastName,role',
      'email,firstName,lastName\r\n"unterminated,x,y',
      Buffer.from([0xff, 0xfe, 0x00, 0x41]),
    ]) {
      const res = await send('/api/members/import', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CSV_INVALID');
    }
    const big = await send('/api/members/import/preview', `email,firstName,lastName\r\n${'a'.repeat(2_100_000)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('FILE_TOO_LARGE');
    const tooMany = [
      'email,firstName,lastName',
      ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `p${i}@x.io,P,Q`),
    ].join('\n');
    expect((await send('/api/members/import', tooMany)).json().code).toBe('CSV_INVALID');
    expect(await invitationCount()).toBe(before);
  });
});

describe('members CSV import and the invitation quota', () => {
  it('invites as many new people as the quota allows and reports the rest, in the preview and the commit, never failing the file', async () => {
    const quotaCo = await t.db.system(async (tx) => {
      // A company made today is new: 50 invitation mails an hour.
      const c = await createCompany(tx, { name: 'Quota', subDomain: 'quota' });
      const a = await createUser(tx, { email: 'admin@quota.test' });
      await addMembership(tx, c.id, a.id, { roles: ['admin'] });
      return { id: c.id, admin: a.id };
    });
    const token = (await tokenFor(t.app, quotaCo.admin, quotaCo.id)).token;
    const file = ['email,firstName,lastName', ...Array.from({ length: 55 }, (_, i) => `q${i}@example.org,Q,${i}`)].join(
      '\n',
    );
    const post = (url: string) => {
      const { payload, headers } = multipart(Buffer.from(file), { filename: 'members.csv', contentType: 'text/csv' });
      return call(t.app, { method: 'POST', url, host: 'quota', token, payload, headers });
    };
    const before = await invitationCount();

    const preview = await post('/api/members/import/preview');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ totalRows: 55, validRows: 50, invalidRows: 5, imported: 0 });
    const waiting = preview.json().rows.filter((r: { status: string }) => r.status === 'skipped');
    expect(waiting.map((r: { email: string }) => r.email)).toEqual(
      [50, 51, 52, 53, 54].map((i) => `q${i}@example.org`),
    );
    expect(waiting[0].errors[0]).toMatchObject({ code: 'INVITATION_LIMIT_NEW' });
    expect(waiting[0].errors[0].message).toMatch(/50/);
    expect(await invitationCount()).toBe(before);

    const commit = await post('/api/members/import');
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toMatchObject({ totalRows: 55, imported: 50 });
    expect(await invitationCount()).toBe(before + 50);

    // The same file again: the fifty are pending, the five still wait for the quota; nothing fails.
    const again = await post('/api/members/import');
    expect(again.statusCode).toBe(200);
    const codes = again.json().rows.map((r: { errors: Array<{ code: string }> }) => r.errors[0]?.code);
    expect(codes.filter((c: string) => c === 'INVITATION_PENDING')).toHaveLength(50);
    expect(codes.filter((c: string) => c === 'INVITATION_LIMIT_NEW')).toHaveLength(5);
    expect(await invitationCount()).toBe(before + 50);
  });
});
