import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { linkIn, startSmtp } from '../../test/smtp';
import { IMPORT_MAX_FILE_BYTES } from '@wac/shared/constants';
import { errorMessage } from '@wac/shared/errors';
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
    expect(body).toMatchObject({ totalRows: 7, validRows: 3, invalidRows: 4, imported: 0, batchId: null });
    expect(body.counts).toEqual({ valid: 3, invalid: 3, skipped: 1, invited: 0, updated: 0, unchanged: 0 });
    // Only the rows with a problem are listed, in file order; the good ones are counted.
    expect(body.problems.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
      [4, 'invalid'],
      [5, 'invalid'],
      [6, 'skipped'],
      [8, 'invalid'],
    ]);
    expect(body.problemsTruncated).toBe(false);
    expect(body.problems[0].errors[0]).toMatchObject({ field: 'email', code: 'email' });
    expect(body.problems[1].errors[0].code).toBe('duplicate');
    expect(body.problems[2].errors[0].code).toBe('ALREADY_MEMBER');
    expect(body.problems[3].errors.map((e: { field: string }) => e.field).sort()).toEqual(['firstName', 'role']);
    expect(await invitationCount()).toBe(0);
    expect(smtp.inbox).toHaveLength(0);
  });

  it('imports the good rows, reports the bad ones, mails each invited person', async () => {
    const res = await send('/api/members/import', CSV, 'fr');
    const body = res.json();
    expect(body).toMatchObject({ totalRows: 7, imported: 3, validRows: 3, invalidRows: 4 });
    expect(body.counts.invited).toBe(3);
    expect(body.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.problems[0].errors[0].message).toBe('Veuillez saisir une adresse e-mail valide.');
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
    expect(again.batchId).toBeNull();
    expect(again.problems[0]).toMatchObject({ line: 2, status: 'skipped', errors: [{ code: 'INVITATION_PENDING' }] });
  });

  it('reads a file as the members export writes it (roles, extra columns)', async () => {
    const exported = [
      'uuid,email,firstName,lastName,roles,enabled,schedulingEnabled,emailEnabled,videoCallEnabled,createdAt',
      'x,roles.admin@example.org,Rae,Admin,admin member,true,true,true,true,2026-01-01T00:00:00.000Z',
      'y,roles.member@example.org,Mo,Member,member,true,true,true,true,2026-01-01T00:00:00.000Z',
      'z,roles.bad@example.org,Bo,Bad,owner,true,true,true,true,2026-01-01T00:00:00.000Z',
    ].join('\r\n');
    const body = (await send('/api/members/import/preview', exported)).json();
    expect(body.counts).toMatchObject({ valid: 2, invalid: 1 });
    expect(body.problems.map((r: { email: string; status: string }) => [r.email, r.status])).toEqual([
      ['roles.bad@example.org', 'invalid'],
    ]);
    expect(body.problems[0].errors[0].field).toBe('role');
    expect(roleOf('Admin; Member')).toBe('admin');
    expect(roleOf('')).toBe('member');
    expect(roleOf('member member')).toBe('member');
  });

  it('refuses files that are not a members CSV, changing nothing', async () => {
    const before = await invitationCount();
    for (const bad of ['name,phone\r\nx,y', Buffer.from([0xff, 0xfe, 0x00, 0x41])]) {
      const res = await send('/api/members/import', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CSV_INVALID');
    }
    // A stray quote is said with its line (it read "Expected the columns email, firstName…", which they were).
    for (const [bad, line] of [
      ['email,firstName,lastName\r\n"unterminated,x,y', 2],
      ['email,firstName,lastName\r\na@acme.test,A,B\r\nb@acme.test,=HYPERLINK("http://evil"),C', 3],
    ] as const) {
      const res = await send('/api/members/import', bad);
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        400,
        'CSV_QUOTE',
        `Line ${line} of this file is not valid CSV: a double quote inside a cell is written twice (""), and a cell that starts with a quote ends with one.`,
      ]);
    }
    // The import's own limit (32 MB), not the 2 MB of other uploads: a 3 MB file is read.
    const threeMb = await send(
      '/api/members/import/preview',
      [
        'email,firstName,lastName',
        ...Array.from({ length: 3_000 }, (_, i) => `l${i}@example.org,${'b'.repeat(990)},L`),
      ].join('\r\n'),
    );
    expect(threeMb.statusCode, threeMb.body).toBe(200);
    expect(threeMb.json()).toMatchObject({ totalRows: 3_000 });
    const big = await send(
      '/api/members/import/preview',
      `email,firstName,lastName\r\n${'a'.repeat(IMPORT_MAX_FILE_BYTES + 1)}`,
      'de',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'IMPORT_FILE_TOO_LARGE', message: errorMessage('IMPORT_FILE_TOO_LARGE', 'de') });
    const tooMany = [
      'email,firstName,lastName',
      ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `p${i}@x.io,P,Q`),
    ].join('\n');
    const refused = await send('/api/members/import', tooMany, 'ar');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'IMPORT_TOO_MANY_ROWS',
      message: errorMessage('IMPORT_TOO_MANY_ROWS', 'ar'),
    });
    expect(await invitationCount()).toBe(before);
  });
});

describe('members CSV import of a file as spreadsheets and editors write it', () => {
  it('skips empty rows, numbers lines as the file does (BOM, CRLF, blank lines, multi-line cells), names the columns as written', async () => {
    const file = [
      '\uFEFFE-Mail,First Name,last_name,ROLE,Notes',
      '',
      'sheet.one@example.org,Sheet,One,member,"two',
      'lines"',
      ',,,,',
      ' , ,, ,',
      'not-an-email,Bad,Email,member,',
      '',
      'sheet.two@example.org,,Two,member,"a ""quoted""\nnote"',
    ].join('\r\n');
    const before = await invitationCount();
    const res = await send('/api/members/import/preview', `${file}\r\n,,,,\r\n`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // The empty rows are not rows: 3 rows, not 6, and none of them is reported.
    expect(body).toMatchObject({ totalRows: 3, validRows: 1, invalidRows: 2 });
    expect(
      body.problems.map((p: { line: number; errors: Array<{ field: string; column: string }> }) => [
        p.line,
        p.errors.map((e) => [e.field, e.column]),
      ]),
    ).toEqual([
      [7, [['email', 'E-Mail']]],
      [9, [['firstName', 'First Name']]],
    ]);
    expect(await invitationCount()).toBe(before);
  });

  it('reads record columns in any case and spacing and names them in errors as the header wrote them', async () => {
    const res = await send(
      '/api/members/import/preview',
      'email,firstName,lastName,Work Phone,MANAGER,employment_type\r\nmember@acme.test,M,A,call me,nobody@x.io,Full-time\r\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().problems[0].errors.map((e: { field: string; column: string }) => [e.field, e.column])).toEqual([
      ['workPhone', 'Work Phone'],
      ['managerEmail', 'MANAGER'],
    ]);
  });

  it('reads a semicolon file (Excel in de, fr, pt) and a UTF-16 tab file (Excel’s Unicode text)', async () => {
    const before = await invitationCount();
    const semicolon = (
      await send(
        '/api/members/import/preview',
        'Email;Firstname;Lastname;Role\r\nsemi.one@example.org;Zoë;Müller, Jr.;admin\r\n"semi;two@example.org";S;T;member\r\n',
      )
    ).json();
    expect(semicolon).toMatchObject({ totalRows: 2, validRows: 1, invalidRows: 1 });
    expect(semicolon.problems[0]).toMatchObject({ line: 3, errors: [{ field: 'email', column: 'Email' }] });
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('email\tfirstName\tlastName\r\nwide.one@example.org\tZoë\tMüller\r\nwide two\tW\tT\r\n', 'utf16le'),
    ]);
    const wide = (await send('/api/members/import/preview', utf16)).json();
    expect(wide).toMatchObject({ totalRows: 2, validRows: 1, invalidRows: 1 });
    expect(wide.problems[0]).toMatchObject({ line: 3, email: 'wide two' });
    expect(await invitationCount()).toBe(before);
  });

  it('refuses a file in a Windows code page and a file with only its header, saying why, changing nothing', async () => {
    const before = await invitationCount();
    // "Müller" as Excel's "CSV" writes it on a German Windows (windows-1252): not UTF-8.
    const cp1252 = Buffer.concat([
      Buffer.from('email;firstName;lastName\r\nm@example.org;Anna;M'),
      Buffer.from([0xfc]),
      Buffer.from('ller\r\n'),
    ]);
    const encoding = await send('/api/members/import', cp1252, 'de');
    expect(encoding.statusCode).toBe(400);
    expect(encoding.json()).toEqual({ code: 'CSV_ENCODING', message: errorMessage('CSV_ENCODING', 'de') });
    for (const headerOnly of ['email,firstName,lastName,role', 'email,firstName,lastName,role\r\n\r\n,,,\r\n']) {
      const empty = await send('/api/members/import', headerOnly, 'fr');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ code: 'IMPORT_EMPTY', message: errorMessage('IMPORT_EMPTY', 'fr') });
    }
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
    const waiting = preview.json().problems.filter((r: { status: string }) => r.status === 'skipped');
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
    const codes = again.json().problems.map((r: { errors: Array<{ code: string }> }) => r.errors[0]?.code);
    expect(codes.filter((c: string) => c === 'INVITATION_PENDING')).toHaveLength(50);
    expect(codes.filter((c: string) => c === 'INVITATION_LIMIT_NEW')).toHaveLength(5);
    expect(await invitationCount()).toBe(before + 50);
  });
});

describe('a company with its own invitation limits, and the progress of an import', () => {
  let co: { id: string; admin: string; other: string };
  let superWrite: string;
  let superRead: string;
  let coAdmin: string;
  beforeAll(async () => {
    co = await t.db.system(async (tx) => {
      // A company made today is new: 50 invitation mails an hour, 200 a day, unless the platform says otherwise.
      const c = await createCompany(tx, { name: 'Big', subDomain: 'big' });
      const a = await createUser(tx, { email: 'admin@big.test' });
      await addMembership(tx, c.id, a.id, { roles: ['admin'] });
      const sw = await createUser(tx, { email: 'writer@platform.test', roles: ['super_admin', 'super_admin_write'] });
      const sr = await createUser(tx, { email: 'reader@platform.test', roles: ['super_admin'] });
      return { id: c.id, admin: a.id, other: `${sw.id} ${sr.id}` };
    });
    const [sw, sr] = co.other.split(' ');
    superWrite = (await tokenFor(t.app, sw!, null)).token;
    superRead = (await tokenFor(t.app, sr!, null)).token;
    coAdmin = (await tokenFor(t.app, co.admin, co.id)).token;
  });
  const N = 300;
  const file = (from: number) =>
    ['email,firstName,lastName', ...Array.from({ length: N }, (_, i) => `big${from + i}@example.org,B,${i}`)].join(
      '\n',
    );
  const post = (body: string) => {
    const { payload, headers } = multipart(Buffer.from(body), { filename: 'members.csv', contentType: 'text/csv' });
    return call(t.app, { method: 'POST', url: '/api/members/import', host: 'big', token: coAdmin, payload, headers });
  };
  const company = async (token: string) =>
    (await call(t.app, { method: 'GET', url: `/api/companies/${co.id}`, host: null, token })).json();
  const setLimits = (token: string, body: object, host: string | null = null) =>
    call(t.app, { method: 'PATCH', url: `/api/companies/${co.id}`, host, token, payload: body });

  it('by default the quota wins: a new company invites 50 of 300 and reports the rest', async () => {
    const res = await post(file(0));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalRows: N, imported: 50, invalidRows: N - 50 });
    expect(res.json().counts).toMatchObject({ invited: 50, skipped: N - 50 });
    expect(res.json().problems[0].errors[0].code).toBe('INVITATION_LIMIT_NEW');
  });

  it('only the super admin with write access sets the limits: audited, validated, and a company admin cannot', async () => {
    const before = await company(superRead);
    expect(before).toMatchObject({ invitationLimitHour: null, invitationLimitDay: null });
    // The company's own admin: not on the platform route, whatever the host.
    for (const host of [null, 'big']) {
      const refused = await setLimits(coAdmin, { version: before.version, invitationLimitHour: 100_000 }, host);
      // On the base domain a company session is not a session at all; on its own host it lacks the right.
      expect(refused.statusCode).toBe(host ? 403 : 401);
    }
    expect((await setLimits(superRead, { version: before.version, invitationLimitHour: 100_000 })).statusCode).toBe(
      403,
    );
    for (const bad of [0, -1, 1.5, 1_000_001, 'many']) {
      const res = await setLimits(superWrite, { version: before.version, invitationLimitDay: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await company(superRead)).toMatchObject({ version: before.version, invitationLimitHour: null });
    const set = await setLimits(superWrite, {
      version: before.version,
      invitationLimitHour: 100_000,
      invitationLimitDay: 100_000,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ invitationLimitHour: 100_000, invitationLimitDay: 100_000 });
    const [audit] = await t.db.system((tx) =>
      rows<{ before: { invitationLimitHour: null }; after: { invitationLimitHour: number } }>(
        tx,
        sql`SELECT before, after FROM audit_log WHERE action = 'company.update' AND target_id = ${co.id} ORDER BY created_at DESC LIMIT 1`,
      ),
    );
    expect(audit?.before.invitationLimitHour).toBeNull();
    expect(audit?.after.invitationLimitHour).toBe(100_000);
  });

  it('with the raised limit the whole file is invited, and its progress counts the mails from their jobs', {
    timeout: 120_000,
  }, async () => {
    const res = await post(file(1000));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalRows: N, imported: N, invalidRows: 0, problems: [] });
    const batchId = res.json().batchId as string;
    const progress = () =>
      call(t.app, { method: 'GET', url: `/api/members/import/${batchId}/progress`, host: 'big', token: coAdmin });
    const first = (await progress()).json();
    expect(first).toMatchObject({ batchId, total: N });
    expect(first.sent + first.failed + first.pending).toBe(N);
    let last = first;
    const until = Date.now() + 100_000;
    while (!last.done && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      last = (await progress()).json();
    }
    expect(last).toEqual({ batchId, total: N, sent: N, failed: 0, pending: 0, done: true });
    const mailed = new Set(smtp.inbox.flatMap((m) => m.to).filter((to) => /^big1\d{3}@/.test(to)));
    expect(mailed.size).toBe(N);
    // Another company's admin, and an unknown batch, see nothing.
    const other = await call(t.app, {
      method: 'GET',
      url: `/api/members/import/${batchId}/progress`,
      host: 'acme',
      token: admin,
    });
    expect(other.statusCode).toBe(404);
    const unknown = await call(t.app, {
      method: 'GET',
      url: '/api/members/import/00000000-0000-4000-8000-000000000000/progress',
      host: 'big',
      token: coAdmin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
  });

  it('a limit set below what was spent stops the next import, with the message of a set limit', async () => {
    const current = await company(superRead);
    await setLimits(superWrite, { version: current.version, invitationLimitHour: 10 });
    const res = await post(file(5000));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 0, invalidRows: N });
    expect(res.json().problems[0].errors[0]).toEqual({
      field: 'email',
      column: 'email',
      code: 'INVITATION_LIMIT_SET',
      message: errorMessage('INVITATION_LIMIT_SET', 'en'),
    });
  });
});

describe('members CSV imports committed at once', () => {
  it('the same file committed twice at once (a double click, two admins) invites each person once', async () => {
    const file = 'email,firstName,lastName\r\ntwice.one@example.org,Twice,One\r\ntwice.two@example.org,Twice,Two\r\n';
    const answers = await Promise.all([send('/api/members/import', file), send('/api/members/import', file)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().imported).sort()).toEqual([0, 2]);
    const [n] = await t.db.system((tx) =>
      rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM invitations WHERE email LIKE 'twice.%' AND status = 'pending'`,
      ),
    );
    expect(n!.n).toBe(2);
  });
});
