import type { AddressInfo } from 'node:net';
import { errorMessage } from '@wac/shared/errors';
import { successMessage } from '@wac/shared/messages';
import { CLOSE_CODES, type RealtimeMessage, userChannel } from '@wac/shared/realtime';
import { validationMessage } from '@wac/shared/validation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { TestSocket } from '../../test/ws-client';

let t: TestContext;
let port: number;
let ids: Record<'acme' | 'globex' | 'admin' | 'bob' | 'dee' | 'gus', string>;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const admin = await createUser(tx, { email: 'ann.admin@acme.test' });
    const bob = await createUser(tx, { email: 'bob@acme.test' });
    const dee = await createUser(tx, { email: 'dee@acme.test' });
    const gus = await createUser(tx, { email: 'gus@globex.test' });
    await addMembership(tx, acme.id, admin.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, bob.id);
    await addMembership(tx, acme.id, dee.id);
    await addMembership(tx, globex.id, bob.id);
    await addMembership(tx, globex.id, gus.id);
    return { acme: acme.id, globex: globex.id, admin: admin.id, bob: bob.id, dee: dee.id, gus: gus.id };
  });
  adminToken = (await tokenFor(t.app, ids.admin, ids.acme)).token;
});
afterAll(() => t.close());

const revoke = (userId: string, sessionId: string, headers: Record<string, string> = {}, token = adminToken) =>
  call(t.app, {
    method: 'POST',
    url: `/api/members/${userId}/sessions/${sessionId}/revoke`,
    host: 'acme',
    token,
    headers,
  });

/** Whether a token still opens a request on its host (401 once its session is over). */
const works = async (token: string, host = 'acme') =>
  (await call(t.app, { method: 'GET', url: '/api/jwt/sessions', host, token })).statusCode;

/** Everything a revoke may change: every session's state and the session audit rows. */
const snapshot = () =>
  t.db.system(async (tx) => ({
    sessions: await rows<{ id: string; revoked_at: Date | null }>(
      tx,
      sql`SELECT id, revoked_at FROM sessions ORDER BY id`,
    ),
    audits: await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'member.session%'`,
    ),
  }));

function listen(userId: string) {
  const seen: RealtimeMessage[] = [];
  const off = t.app.bus.subscribe(userChannel(userId), (m) => seen.push(m));
  return { seen, off };
}

describe('GET /api/members/{uuid}/sessions', () => {
  it('lists only live sessions, most recently used first, in the documented shape', async () => {
    const older = await tokenFor(t.app, ids.dee, ids.acme);
    const newer = await tokenFor(t.app, ids.dee, ids.acme);
    const ended = await tokenFor(t.app, ids.dee, ids.acme);
    await t.db.system(async (tx) => {
      await tx
        .update(sessions)
        .set({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0', ip: '203.0.113.7' })
        .where(eq(sessions.id, newer.sessionId));
      await tx
        .update(sessions)
        .set({ lastUsedAt: new Date(Date.now() - 60_000) })
        .where(eq(sessions.id, older.sessionId));
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, ended.sessionId));
    });
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/members/${ids.dee}/sessions`,
      host: 'acme',
      token: adminToken,
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((s: { uuid: string }) => s.uuid)).toEqual([newer.sessionId, older.sessionId]);
    expect(data[0]).toEqual({
      uuid: newer.sessionId,
      subDomain: 'acme',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
      ip: '203.0.113.7',
      createdAt: expect.stringMatching(/Z$/),
      lastUsedAt: expect.stringMatching(/Z$/),
      expiresAt: expect.stringMatching(/Z$/),
    });
    expect(Date.parse(data[0].expiresAt)).toBeGreaterThan(Date.now());
  });

  it('says which sessions are sign-ins on the platform’s address, which reach this company too', async () => {
    const signIn = await tokenFor(t.app, ids.dee, null);
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/members/${ids.dee}/sessions`,
      host: 'acme',
      token: adminToken,
    });
    const listed = res.json().data as { uuid: string; subDomain: string | null }[];
    expect(listed.find((s) => s.uuid === signIn.sessionId)).toMatchObject({ subDomain: null });
    expect(listed.filter((s) => s.uuid !== signIn.sessionId).map((s) => s.subDomain)).toEqual(
      listed.filter((s) => s.uuid !== signIn.sessionId).map(() => 'acme'),
    );
  });
});

describe('POST /api/members/{uuid}/sessions/{sessionUuid}/revoke', () => {
  it('ends exactly that session: the other one goes on; audited; the bus names only that session', async () => {
    const laptop = await tokenFor(t.app, ids.bob, ids.acme);
    const phone = await tokenFor(t.app, ids.bob, ids.acme);
    const bus = listen(ids.bob);
    const res = await revoke(ids.bob, laptop.sessionId, { 'accept-language': 'fr' });
    bus.off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: successMessage('SESSION_REVOKED_OK', 'fr') });
    expect(await works(laptop.token)).toBe(401);
    expect(await works(phone.token)).toBe(200);
    expect(bus.seen).toEqual([{ type: 'user_logged_out', sessionId: laptop.sessionId }]);

    const listed = (
      await call(t.app, { method: 'GET', url: `/api/members/${ids.bob}/sessions`, host: 'acme', token: adminToken })
    ).json();
    const listedIds = listed.data.map((s: { uuid: string }) => s.uuid);
    expect(listedIds).toContain(phone.sessionId);
    expect(listedIds).not.toContain(laptop.sessionId);

    const audit = await t.db.system((tx) =>
      rows<{ actor_user_id: string; company_id: string; target_type: string; target_id: string; after: unknown }>(
        tx,
        sql`SELECT actor_user_id, company_id, target_type, target_id, after FROM audit_log
             WHERE action = 'member.session_revoke'`,
      ),
    );
    expect(audit).toEqual([
      {
        actor_user_id: ids.admin,
        company_id: ids.acme,
        target_type: 'user',
        target_id: ids.bob,
        after: { sessionId: laptop.sessionId },
      },
    ]);
  });

  it('answers a translated 404 and changes nothing for any session it may not end', async () => {
    const bobOnAcme = await tokenFor(t.app, ids.bob, ids.acme);
    const bobOnGlobex = await tokenFor(t.app, ids.bob, ids.globex);
    const deeOnAcme = await tokenFor(t.app, ids.dee, ids.acme);
    const gusOnGlobex = await tokenFor(t.app, ids.gus, ids.globex);
    const ended = await tokenFor(t.app, ids.bob, ids.acme);
    const expired = await tokenFor(t.app, ids.bob, ids.acme);
    await t.db.system(async (tx) => {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, ended.sessionId));
      await tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(sessions.id, expired.sessionId));
    });
    const before = await snapshot();
    const bus = [listen(ids.bob), listen(ids.dee), listen(ids.gus)];
    const cases: Array<[string, string, string]> = [
      ['another company’s session of the member', ids.bob, bobOnGlobex.sessionId],
      ['another member’s session', ids.bob, deeOnAcme.sessionId],
      ['an unknown session', ids.bob, '00000000-0000-4000-8000-000000000000'],
      ['an already revoked session', ids.bob, ended.sessionId],
      ['an expired session', ids.bob, expired.sessionId],
      ['a member of another company', ids.gus, gusOnGlobex.sessionId],
      ['a session under the wrong member', ids.dee, bobOnAcme.sessionId],
    ];
    for (const [label, userId, sessionId] of cases) {
      const res = await revoke(userId, sessionId, { 'accept-language': 'de' });
      expect(res.statusCode, label).toBe(404);
      expect(res.json(), label).toEqual({ code: 'NOT_FOUND', message: errorMessage('NOT_FOUND', 'de') });
    }
    for (const b of bus) b.off();
    expect(await snapshot()).toEqual(before);
    expect(bus.flatMap((b) => b.seen)).toEqual([]);
    for (const [token, host] of [
      [bobOnAcme.token, 'acme'],
      [bobOnGlobex.token, 'globex'],
      [deeOnAcme.token, 'acme'],
      [gusOnGlobex.token, 'globex'],
    ] as const) {
      expect(await works(token, host)).toBe(200);
    }
  });

  it('refuses malformed ids with a translated 400, and members with 403', async () => {
    const { sessionId, token } = await tokenFor(t.app, ids.bob, ids.acme);
    const bad = await revoke(ids.bob, 'not-a-uuid', { 'accept-language': 'pt' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: errorMessage('VALIDATION_FAILED', 'pt'),
      issues: [{ path: 'params.sessionUuid', code: 'uuid', message: validationMessage('uuid', 'pt') }],
    });
    const asMember = await revoke(ids.dee, sessionId, {}, (await tokenFor(t.app, ids.dee, ids.acme)).token);
    expect(asMember.statusCode).toBe(403);
    expect(await works(token)).toBe(200);
  });

  it('closes that session’s socket with SESSION_ENDED while the member’s other socket stays open', async () => {
    const connect = async () => {
      const { token, sessionId } = await tokenFor(t.app, ids.bob, ids.acme);
      const ticket = await call(t.app, { method: 'POST', url: '/api/realtime/ticket', host: 'acme', token });
      const opened = await TestSocket.open(port, { ticket: ticket.json().ticket, host: 'acme.localhost' });
      if (!opened.ok) throw new Error(`socket refused: ${opened.status}`);
      await opened.client.next((f) => f.type === 'subscribed' && f.channel === userChannel(ids.bob));
      return { client: opened.client, sessionId };
    };
    const target = await connect();
    const other = await connect();
    expect((await revoke(ids.bob, target.sessionId)).statusCode).toBe(200);
    expect(await target.client.next((f) => f.type === 'user_logged_out')).toMatchObject({
      sessionId: target.sessionId,
    });
    expect((await target.client.closed).code).toBe(CLOSE_CODES.SESSION_ENDED);
    other.client.send({ type: 'ping' });
    await other.client.next((f) => f.type === 'pong');
    expect(other.client.frames.some((f) => f.type === 'user_logged_out')).toBe(false);
    other.client.close();
  });
});
