import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { linkIn, mailText, startSmtp } from '../../test/smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ids: Record<string, string>;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtp(3311);
  t = await createTestApp({ config: { smtpUrl: smtp.url, publicPort: 3300 } });
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const admin = await createUser(tx, { email: 'admin@acme.test', firstName: 'Ada', lastName: 'Adams' });
    const member = await createUser(tx, { email: 'member@acme.test' });
    const outsider = await createUser(tx, { email: 'out@other.test', firstName: 'Otto' });
    const gadmin = await createUser(tx, { email: 'admin@globex.test' });
    await addMembership(tx, acme.id, admin.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, member.id);
    await addMembership(tx, globex.id, gadmin.id, { roles: ['admin'] });
    return {
      acme: acme.id,
      globex: globex.id,
      admin: admin.id,
      member: member.id,
      outsider: outsider.id,
      gadmin: gadmin.id,
    };
  });
  adminToken = (await tokenFor(t.app, ids.admin!, ids.acme!)).token;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const invite = (payload: Record<string, unknown>, lang = 'en', token = adminToken, host = 'acme') =>
  call(t.app, { method: 'POST', url: '/api/invitations', host, token, payload, headers: { 'accept-language': lang } });

describe('invite → mail → accept as a new person', () => {
  it('mails a link on the company sub-domain; the new person sets a password and joins', async () => {
    const before = smtp.inbox.length;
    const res = await invite({ email: 'New.Person@Example.org', roles: ['member'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'new.person@example.org', status: 'pending', roles: ['member'] });
    const mail = await smtp.next('new.person@example.org', before);
    expect(mailText(mail.raw)).toContain('You are invited to join Acme');
    const { url, token } = linkIn(mail.raw);
    expect(url).toBe(`http://acme.localhost:3300/admin/invitations/${token}`);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only the hash is stored.
    const stored = await t.db.system((tx) => rows<{ token_hash: string }>(tx, sql`SELECT token_hash FROM invitations`));
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    const described = await call(t.app, { method: 'GET', url: `/api/invitations/by-token/${token}`, host: 'acme' });
    expect(described.json()).toMatchObject({
      email: 'new.person@example.org',
      existingUser: false,
      company: { subDomain: 'acme' },
      invitedBy: { firstName: 'Ada', lastName: 'Adams' },
    });
    // The inviter's name only: their address stays private.
    expect(described.json().invitedBy).toEqual({ firstName: 'Ada', lastName: 'Adams' });
    expect(described.body).not.toContain('admin@acme.test');

    const weak = await call(t.app, {
      method: 'POST',
      url: `/api/invitations/by-token/${token}/accept-new`,
      host: 'acme',
      payload: { firstName: 'New', lastName: 'Person', password: 'short', confirmPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    // The same password policy as sign-up and reset: a common password is refused, nothing changes.
    const common = await call(t.app, {
      method: 'POST',
      url: `/api/invitations/by-token/${token}/accept-new`,
      host: 'acme',
      payload: { firstName: 'New', lastName: 'Person', password: 'Password1', confirmPassword: 'Password1' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    const notYet = await t.db.system((tx) =>
      rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM users WHERE email = 'new.person@example.org'`),
    );
    expect(notYet[0]!.n).toBe(0);
    const accepted = await call(t.app, {
      method: 'POST',
      url: `/api/invitations/by-token/${token}/accept-new`,
      host: 'acme',
      payload: { firstName: 'New', lastName: 'Person', password: 'Wombat-4821', confirmPassword: 'Wombat-4821' },
    });
    expect(accepted.statusCode).toBe(201);
    const members = await call(t.app, {
      method: 'GET',
      url: '/api/members?search=new.person',
      host: 'acme',
      token: adminToken,
    });
    expect(members.json().data[0]).toMatchObject({ firstName: 'New', lastName: 'Person', roles: ['member'] });
    // The audit log names who accepted: the new person, not "someone".
    const log = await call(t.app, {
      method: 'GET',
      url: '/api/audit-log?action=invitation.accept',
      host: 'acme',
      token: adminToken,
    });
    expect(log.json().data[0]).toMatchObject({
      actor: { uuid: members.json().data[0].uuid, email: 'new.person@example.org' },
    });
    // Single use.
    const again = await call(t.app, { method: 'GET', url: `/api/invitations/by-token/${token}`, host: 'acme' });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('INVITATION_INVALID');
  });

  it('translates the mail into the admin’s language', async () => {
    const before = smtp.inbox.length;
    await invite({ email: 'lena@example.org' }, 'de');
    const mail = await smtp.next('lena@example.org', before);
    expect(mailText(mail.raw)).toContain('Acme beizutreten');
  });
});

describe('existing user accepts', () => {
  it('an existing user signs in and accepts; another signed-in user cannot', async () => {
    const before = smtp.inbox.length;
    await invite({ email: 'out@other.test', roles: ['admin'] });
    const { token } = linkIn((await smtp.next('out@other.test', before)).raw);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/invitations/by-token/${token}`, host: 'acme' })).json()
        .existingUser,
    ).toBe(true);
    const takeover = await call(t.app, {
      method: 'POST',
      url: `/api/invitations/by-token/${token}/accept-new`,
      host: 'acme',
      payload: { firstName: 'X', lastName: 'Y', password: 'Wombat-4821', confirmPassword: 'Wombat-4821' },
    });
    expect(takeover.json().code).toBe('EMAIL_TAKEN');
    const wrong = await call(t.app, {
      method: 'POST',
      url: `/api/invitations/by-token/${token}/accept`,
      host: null,
      token: (await tokenFor(t.app, ids.member!, null)).token,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('INVITATION_EMAIL_MISMATCH');
    const ok = await call(t.app, {
      method: 'POST',
      url: `/api/invitations/by-token/${token}/accept`,
      host: null,
      token: (await tokenFor(t.app, ids.outsider!, null)).token,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().company.subDomain).toBe('acme');
    const m = await call(t.app, {
      method: 'GET',
      url: `/api/members/${ids.outsider}`,
      host: 'acme',
      token: adminToken,
    });
    expect(m.json().roles).toEqual(['admin']);
  });

  it('a token is refused on another company’s host', async () => {
    const before = smtp.inbox.length;
    await invite({ email: 'hostcheck@example.org' });
    const { token } = linkIn((await smtp.next('hostcheck@example.org', before)).raw);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/invitations/by-token/${token}`, host: 'globex' })).statusCode,
    ).toBe(404);
  });
});

describe('the inviter on the public page', () => {
  const show = (token: string) =>
    call(t.app, { method: 'GET', url: `/api/invitations/by-token/${token}`, host: 'acme' });

  it('is null once the inviter was deleted, and for an invitation without a sender', async () => {
    const ivy = await t.db.system(async (tx) => {
      const u = await createUser(tx, { email: 'ivy@acme.test', firstName: 'Ivy', lastName: 'Inviter' });
      await addMembership(tx, ids.acme!, u.id, { roles: ['admin'] });
      return u.id;
    });
    const ivyToken = (await tokenFor(t.app, ivy, ids.acme!)).token;
    let before = smtp.inbox.length;
    expect((await invite({ email: 'by-ivy@example.org' }, 'en', ivyToken)).statusCode).toBe(201);
    const { token } = linkIn((await smtp.next('by-ivy@example.org', before)).raw);
    expect((await show(token)).json().invitedBy).toEqual({ firstName: 'Ivy', lastName: 'Inviter' });
    await t.db.system((tx) => tx.execute(sql`DELETE FROM users WHERE id = ${ivy}`));
    const orphan = await show(token);
    expect(orphan.statusCode).toBe(200);
    expect(orphan.json()).toMatchObject({ email: 'by-ivy@example.org', invitedBy: null });

    before = smtp.inbox.length;
    await invite({ email: 'no-sender@example.org' });
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE invitations SET invited_by = NULL WHERE email = 'no-sender@example.org'`),
    );
    const anonymous = await show(linkIn((await smtp.next('no-sender@example.org', before)).raw).token);
    expect(anonymous.json()).toMatchObject({ email: 'no-sender@example.org', invitedBy: null });
  });
});

describe('bad input and management', () => {
  it('refuses duplicates, members, invalid emails and roles', async () => {
    expect((await invite({ email: 'dup@example.org' })).statusCode).toBe(201);
    const dup = await invite({ email: 'DUP@example.org' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'INVITATION_PENDING',
      message: 'An invitation is already pending for this email address.',
    });
    const member = await invite({ email: 'member@acme.test' });
    expect(member.json().code).toBe('ALREADY_MEMBER');
    const bad = await invite({ email: 'not-an-email' }, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({
      path: 'body.email',
      message: 'Veuillez saisir une adresse e-mail valide.',
    });
    expect((await invite({ email: 'r@example.org', roles: ['root'] })).statusCode).toBe(400);
  });

  it('lists pending invitations, resends with a new link, cancels', async () => {
    const list = await call(t.app, {
      method: 'GET',
      url: '/api/invitations?search=dup',
      host: 'acme',
      token: adminToken,
    });
    expect(list.json()).toMatchObject({ page: 1, itemsPerPage: 10, totalItems: 1 });
    const inv = list.json().data[0];
    const before = smtp.inbox.length;
    const resent = await call(t.app, {
      method: 'POST',
      url: `/api/invitations/${inv.uuid}/resend`,
      host: 'acme',
      token: adminToken,
    });
    expect(resent.statusCode).toBe(200);
    const { token } = linkIn((await smtp.next('dup@example.org', before)).raw);
    const del = await call(t.app, {
      method: 'DELETE',
      url: `/api/invitations/${inv.uuid}`,
      host: 'acme',
      token: adminToken,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/invitations/by-token/${token}`, host: 'acme' })).statusCode,
    ).toBe(404);
    expect((await invite({ email: 'dup@example.org' })).statusCode).toBe(201);
  });

  it('an expired invitation cannot be accepted and does not block a new one', async () => {
    const before = smtp.inbox.length;
    await invite({ email: 'late@example.org' });
    const { token } = linkIn((await smtp.next('late@example.org', before)).raw);
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE email = 'late@example.org'`),
    );
    const res = await call(t.app, {
      method: 'POST',
      url: `/api/invitations/by-token/${token}/accept-new`,
      host: 'acme',
      payload: { firstName: 'L', lastName: 'T', password: 'Wombat-4821', confirmPassword: 'Wombat-4821' },
    });
    expect(res.json().code).toBe('INVITATION_INVALID');
    expect((await invite({ email: 'late@example.org' })).statusCode).toBe(201);
  });

  it('another company’s invitation ids are 404 and stay untouched', async () => {
    const g = (await tokenFor(t.app, ids.gadmin!, ids.globex!)).token;
    const created = await invite({ email: 'g1@example.org' }, 'en', g, 'globex');
    const gid = created.json().uuid;
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/invitations/${gid}`, host: 'acme', token: adminToken }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, { method: 'POST', url: `/api/invitations/${gid}/resend`, host: 'acme', token: adminToken }))
        .statusCode,
    ).toBe(404);
    const list = await call(t.app, {
      method: 'GET',
      url: '/api/invitations?search=g1',
      host: 'acme',
      token: adminToken,
    });
    expect(list.json().totalItems).toBe(0);
    const [row] = await t.db.system((tx) =>
      rows<{ status: string }>(tx, sql`SELECT status FROM invitations WHERE id = ${gid}`),
    );
    expect(row!.status).toBe('pending');
  });
});

describe('the invitation quota (security finding 2)', () => {
  const used = (companyId: string, window: 'hour' | 'day', count: number) =>
    t.db.system((tx) =>
      tx.execute(sql`INSERT INTO rate_limits (key, window_start, count)
                     VALUES (${`invitations-${window}:${companyId}`}, now(), ${count})
                     ON CONFLICT (key) DO UPDATE SET count = excluded.count, window_start = now()`),
    );
  const invitationsOf = async (email: string) =>
    (
      await t.db.system((tx) =>
        rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM invitations WHERE email = ${email}`),
      )
    )[0]!.n;

  it('a trial company is held to 50 an hour: the 51st is refused with the limits in the message, and nothing is stored', async () => {
    await used(ids.acme!, 'hour', 49);
    expect((await invite({ email: 'fiftieth@example.org' })).statusCode).toBe(201);
    const refused = await invite({ email: 'fifty-first@example.org' }, 'de');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'INVITATION_LIMIT_NEW',
      message:
        'Eine neue Firma oder eine Firma in der Testphase kann 50 Einladungen pro Stunde und 200 pro Tag senden. Bitte versuchen Sie es später erneut.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await invitationsOf('fifty-first@example.org')).toBe(0);
    // A resend mails too: it is refused the same way and keeps the old link.
    const list = await call(t.app, {
      method: 'GET',
      url: '/api/invitations?search=fiftieth',
      host: 'acme',
      token: adminToken,
    });
    const id = list.json().data[0].uuid;
    const resend = await call(t.app, {
      method: 'POST',
      url: `/api/invitations/${id}/resend`,
      host: 'acme',
      token: adminToken,
    });
    expect(resend.json().code).toBe('INVITATION_LIMIT_NEW');
    await used(ids.acme!, 'hour', 0);
  });

  it('a CSV import over the quota invites up to it and reports the rest (decision 006), never a 429 for the file', async () => {
    await used(ids.acme!, 'day', 198);
    const csv = [
      'email,firstName,lastName',
      'q1@example.org,Q,One',
      'q2@example.org,Q,Two',
      'q3@example.org,Q,Three',
    ].join('\n');
    const { payload, headers } = multipart(Buffer.from(csv), { filename: 'members.csv', contentType: 'text/csv' });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/members/import',
      host: 'acme',
      token: adminToken,
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalRows: 3, imported: 2 });
    const q3 = res.json().problems.find((r: { email: string }) => r.email === 'q3@example.org');
    expect(q3).toMatchObject({ status: 'skipped', errors: [{ code: 'INVITATION_LIMIT_NEW' }] });
    expect(await invitationsOf('q1@example.org')).toBe(1);
    expect(await invitationsOf('q3@example.org')).toBe(0);
    // The quota is spent: a single invitation now is refused with the same code.
    expect((await invite({ email: 'one-more@example.org' })).json().code).toBe('INVITATION_LIMIT_NEW');
    await used(ids.acme!, 'day', 0);
  });

  it('an established company gets 300 an hour', async () => {
    await t.db.system((tx) =>
      tx.execute(
        sql`UPDATE companies SET created_at = now() - interval '90 days', trial_ends_at = NULL WHERE id = ${ids.acme!}`,
      ),
    );
    await used(ids.acme!, 'hour', 60);
    expect((await invite({ email: 'sixty-first@example.org' })).statusCode).toBe(201);
    await used(ids.acme!, 'hour', 300);
    const refused = await invite({ email: 'over@example.org' });
    expect(refused.json()).toMatchObject({
      code: 'INVITATION_LIMIT',
      message: 'This company has reached its invitation limit: 300 an hour and 1,000 a day. Please try again later.',
    });
    await used(ids.acme!, 'hour', 0);
  });

  it('a company name is text in the mail: escaped in the HTML part, one line in the subject', async () => {
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE companies SET name = ${'<b onclick="x()">Acme</b> & Co'} WHERE id = ${ids.acme!}`),
    );
    const before = smtp.inbox.length;
    expect((await invite({ email: 'html@example.org' })).statusCode).toBe(201);
    const mail = await smtp.next('html@example.org', before);
    expect(mailText(mail.raw)).toContain('&lt;b onclick=&quot;x()&quot;&gt;Acme&lt;/b&gt; &amp; Co');
    expect(mailText(mail.raw).split('text/html')[1]).not.toContain('<b onclick');
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1] ?? '';
    expect(subject).toContain('Acme');
    await t.db.system((tx) => tx.execute(sql`UPDATE companies SET name = 'Acme' WHERE id = ${ids.acme!}`));
  });
});
