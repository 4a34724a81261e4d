import { errorMessage } from '@wac/shared/errors';
import { companyChannel, type RealtimeMessage, userChannel } from '@wac/shared/realtime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { listSql } from './companies.repository';

/** The super admin's hand on a company's people (PRODUCT §5) and the listing's member counts. */
let t: TestContext;
let ids: Record<'acme' | 'globex' | 'sr' | 'sw' | 'ann' | 'bob' | 'cat' | 'dan' | 'loner', string>;
let superRead: string;
let superWrite: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const sr = await createUser(tx, { email: 'reader@platform.test', roles: ['super_admin'] });
    const sw = await createUser(tx, { email: 'writer@platform.test', roles: ['super_admin', 'super_admin_write'] });
    const ann = await createUser(tx, { email: 'ann@acme.test' });
    const bob = await createUser(tx, { email: 'bob@acme.test' });
    const cat = await createUser(tx, { email: 'cat@acme.test' });
    const dan = await createUser(tx, { email: 'dan@globex.test' });
    const loner = await createUser(tx, { email: 'loner@nowhere.test' });
    await addMembership(tx, acme.id, ann.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, bob.id);
    // A disabled member is not counted.
    await addMembership(tx, acme.id, cat.id, { enabled: false });
    await addMembership(tx, globex.id, dan.id, { roles: ['admin'] });
    await addMembership(tx, globex.id, bob.id);
    return {
      acme: acme.id,
      globex: globex.id,
      sr: sr.id,
      sw: sw.id,
      ann: ann.id,
      bob: bob.id,
      cat: cat.id,
      dan: dan.id,
      loner: loner.id,
    };
  });
  superRead = (await tokenFor(t.app, ids.sr, null)).token;
  superWrite = (await tokenFor(t.app, ids.sw, null)).token;
});
afterAll(() => t.close());

const req = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
  lang = 'en',
) => call(t.app, { method, url, token, payload, headers: { 'accept-language': lang } });

const countOf = async (uuid: string) =>
  (await req('GET', '/api/companies', superRead)).json().data.find((c: { uuid: string }) => c.uuid === uuid)
    ?.memberCount;

/** Every message the user's and the company's channels carry while `act` runs. */
async function heard(userId: string, companyId: string, act: () => Promise<unknown>) {
  const seen: Array<[string, RealtimeMessage]> = [];
  const offs = [
    t.app.bus.subscribe(userChannel(userId), (m) => seen.push(['user', m])),
    t.app.bus.subscribe(companyChannel(companyId), (m) => seen.push(['company', m])),
  ];
  await act();
  for (const off of offs) off();
  return seen;
}

const lastAudit = async (action: string, targetId: string) =>
  (
    await t.db.system((tx) =>
      rows<{ company_id: string; actor_user_id: string; before: unknown; after: unknown }>(
        tx,
        sql`SELECT company_id, actor_user_id, before, after FROM audit_log
             WHERE action = ${action} AND target_id = ${targetId} ORDER BY created_at DESC LIMIT 1`,
      ),
    )
  )[0];

describe('the companies listing', () => {
  it('shows each company’s enabled members and its trial end', async () => {
    const page = (await req('GET', '/api/companies', superRead)).json();
    const acme = page.data.find((c: { uuid: string }) => c.uuid === ids.acme);
    expect(acme).toMatchObject({ memberCount: 2, subDomain: 'acme' });
    expect(Date.parse(acme.trialEndsAt)).toBeGreaterThan(Date.now());
    expect(page.data.find((c: { uuid: string }) => c.uuid === ids.globex).memberCount).toBe(2);
  });

  it('counts members without reading memberships: one primary-key lookup per company of the page', async () => {
    const plan = await t.db.system(async (tx) => {
      // A tiny table is read whole whatever the indexes; forbid that, so the plan shows what it
      // does at 1,000 companies and 1,000,000 memberships.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return rows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN ${listSql({ page: 1, itemsPerPage: 10, sort: 'name', order: 'asc', search: undefined, enabled: undefined })}`,
      );
    });
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    // One primary-key lookup per company of the page: the counter's whole key is the condition.
    expect(text).toMatch(
      /SubPlan[\s\S]*Index Scan using member_stats_company_id_role_enabled_pk on member_stats s[^\n]*\n\s*Index Cond: \(\(company_id = c\.id\) AND \(role = ''::text\) AND \(enabled = true\)\)/,
    );
    expect(text).not.toMatch(/memberships|Seq Scan on member_stats|Bitmap Heap Scan on member_stats/);
  });

  it('a company without any member shows 0', async () => {
    const created = await req('POST', '/api/companies', superWrite, {
      name: 'Empty',
      subDomain: 'empty-co',
      trialEndsAt: null,
      admin: { email: 'nobody.yet@empty.test' },
    });
    expect(created.statusCode).toBe(201);
    const page = (await req('GET', '/api/companies?search=empty-co', superRead)).json();
    expect(page.data).toEqual([expect.objectContaining({ memberCount: 0, trialEndsAt: null })]);
  });
});

describe('adding a person to a company', () => {
  it('adds a person with an account, audits it and tells them live', async () => {
    const before = await countOf(ids.globex);
    let res: Awaited<ReturnType<typeof req>> | undefined;
    const seen = await heard(ids.loner, ids.globex, async () => {
      res = await req('POST', `/api/companies/${ids.globex}/users`, superWrite, {
        email: ' Loner@Nowhere.test ',
        roles: ['admin'],
      });
    });
    expect(res!.statusCode).toBe(201);
    expect(res!.json()).toEqual({ invited: false, userUuid: ids.loner });
    expect(seen).toEqual([
      ['user', { type: 'membership_updated', companyUuid: ids.globex }],
      ['company', { type: 'listing_changed', resource: 'members' }],
    ]);
    expect(await lastAudit('member.add', ids.loner)).toMatchObject({
      company_id: ids.globex,
      actor_user_id: ids.sw,
      after: { roles: ['admin'] },
    });
    expect(await countOf(ids.globex)).toBe(before + 1);
    const member = (await req('GET', `/api/companies/${ids.globex}/users/${ids.loner}`, superRead)).json();
    expect(member).toMatchObject({ roles: ['admin'], enabled: true });
  });

  it('refuses an unknown email and an existing member with their translated reasons, changing nothing', async () => {
    const unknown = await req(
      'POST',
      `/api/companies/${ids.acme}/users`,
      superWrite,
      { email: 'ghost@nowhere.test' },
      'de',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_EMAIL', message: errorMessage('UNKNOWN_EMAIL', 'de') });
    expect(errorMessage('UNKNOWN_EMAIL', 'de')).not.toBe(errorMessage('UNKNOWN_EMAIL', 'en'));
    // Even a disabled membership is a membership: enabling it is the way back, not a second one.
    const again = await req('POST', `/api/companies/${ids.acme}/users`, superWrite, { email: 'cat@acme.test' }, 'ar');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_MEMBER', message: errorMessage('ALREADY_MEMBER', 'ar') });
    const invited = await t.db.system((tx) =>
      rows(tx, sql`SELECT 1 FROM invitations WHERE email = 'ghost@nowhere.test'`),
    );
    expect(invited).toEqual([]);
    expect(await countOf(ids.acme)).toBe(2);
  });

  it('invites an unknown email only when asked to', async () => {
    const res = await req('POST', `/api/companies/${ids.acme}/users`, superWrite, {
      email: 'newbie@nowhere.test',
      invite: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ invited: true, userUuid: null });
  });

  it('answers bad input and a reader without write with 400 and 403', async () => {
    const bad = await req('POST', `/api/companies/${ids.acme}/users`, superWrite, { email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const role = await req('POST', `/api/companies/${ids.acme}/users`, superWrite, {
      email: 'loner@nowhere.test',
      roles: ['owner'],
    });
    expect(role.statusCode).toBe(400);
    const reader = await req('POST', `/api/companies/${ids.acme}/users`, superRead, { email: 'loner@nowhere.test' });
    expect(reader.statusCode).toBe(403);
  });
});

describe('removing a person from a company', () => {
  it('refuses to remove the last enabled admin', async () => {
    const res = await req('DELETE', `/api/companies/${ids.acme}/users/${ids.ann}`, superWrite, undefined, 'fr');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LAST_ADMIN', message: errorMessage('LAST_ADMIN', 'fr') });
    expect((await req('GET', `/api/companies/${ids.acme}/users/${ids.ann}`, superRead)).statusCode).toBe(200);
  });

  it('removes the membership, audits it and tells the person live; their other company stays', async () => {
    let res: Awaited<ReturnType<typeof req>> | undefined;
    const seen = await heard(ids.bob, ids.acme, async () => {
      res = await req('DELETE', `/api/companies/${ids.acme}/users/${ids.bob}`, superWrite);
    });
    expect(res!.statusCode).toBe(204);
    expect(seen).toEqual([
      ['user', { type: 'membership_updated', companyUuid: ids.acme }],
      ['company', { type: 'listing_changed', resource: 'members' }],
    ]);
    expect(await lastAudit('member.remove', ids.bob)).toMatchObject({
      company_id: ids.acme,
      actor_user_id: ids.sw,
      after: null,
    });
    expect((await req('GET', `/api/companies/${ids.acme}/users/${ids.bob}`, superRead)).statusCode).toBe(404);
    expect((await req('GET', `/api/companies/${ids.globex}/users/${ids.bob}`, superRead)).statusCode).toBe(200);
    expect((await req('DELETE', `/api/companies/${ids.acme}/users/${ids.bob}`, superWrite)).statusCode).toBe(404);
  });
});

describe('ending a person’s sessions in a company', () => {
  it('ends their sessions on that company’s host only, audited and announced', async () => {
    const inGlobex = (await tokenFor(t.app, ids.dan, ids.globex)).token;
    const inGlobexToo = (await tokenFor(t.app, ids.dan, ids.globex)).token;
    // Dan, an admin of Globex, also joins Acme.
    await req('POST', `/api/companies/${ids.acme}/users`, superWrite, { email: 'dan@globex.test' });
    const inAcme = (await tokenFor(t.app, ids.dan, ids.acme)).token;
    const works = async (token: string, host: string) =>
      (await call(t.app, { method: 'GET', url: '/api/jwt/sessions', host, token })).statusCode;
    expect(await works(inGlobex, 'globex')).toBe(200);

    let res: Awaited<ReturnType<typeof req>> | undefined;
    const seen = await heard(ids.dan, ids.globex, async () => {
      res = await req('POST', `/api/companies/${ids.globex}/users/${ids.dan}/sessions/revoke`, superWrite);
    });
    expect(res!.statusCode).toBe(200);
    expect(res!.json().message).toBe('User session has been revoked successfully');
    expect(seen).toEqual([['user', { type: 'user_logged_out', companyUuid: ids.globex }]]);
    expect(await works(inGlobex, 'globex')).toBe(401);
    expect(await works(inGlobexToo, 'globex')).toBe(401);
    expect(await works(inAcme, 'acme')).toBe(200);
    expect(await lastAudit('member.sessions_revoke', ids.dan)).toMatchObject({
      company_id: ids.globex,
      actor_user_id: ids.sw,
      after: { revokedSessions: 2, allCompanies: false },
    });
    // Someone who is not in the company: 404, nothing ended.
    const outsider = await req('POST', `/api/companies/${ids.globex}/users/${ids.ann}/sessions/revoke`, superWrite);
    expect(outsider.statusCode).toBe(404);
  });
});
