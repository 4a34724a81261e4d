import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { CLOSE_CODES, companyChannel, REALTIME_MAX_SOCKETS_PER_SESSION, userChannel } from '@wac/shared/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, memberships, sessions, socketTickets } from '../../db/schema/index';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { sha256 } from '../../lib/crypto';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { type Opened, TestSocket } from '../../test/ws-client';

let t: TestContext;
let port: number;
let ids: { acme: string; globex: string; alice: string; bob: string; carol: string; sup: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const alice = await createUser(tx, { email: 'alice@acme.test' });
    const bob = await createUser(tx, { email: 'bob@acme.test' });
    const carol = await createUser(tx, { email: 'carol@globex.test' });
    const sup = await createUser(tx, { email: 'root@platform.test', roles: ['super_admin'] });
    await addMembership(tx, acme.id, alice.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, bob.id);
    await addMembership(tx, globex.id, bob.id, { enabled: false });
    await addMembership(tx, globex.id, carol.id);
    return { acme: acme.id, globex: globex.id, alice: alice.id, bob: bob.id, carol: carol.id, sup: sup.id };
  });
});
afterAll(() => t.close());

async function ticketFor(userId: string, companyId: string | null, host: string | null) {
  const { token, sessionId } = await tokenFor(t.app, userId, companyId);
  const res = await call(t.app, { method: 'POST', url: '/api/realtime/ticket', host, token });
  expect(res.statusCode).toBe(200);
  return { ticket: res.json().ticket as string, sessionId, token, expiresIn: res.json().expiresIn as number };
}

function opened(o: Opened): TestSocket {
  if (!o.ok) throw new Error(`socket refused: ${o.status} ${JSON.stringify(o.body)}`);
  return o.client;
}

/** A socket of `userId` on `sub`'s Host, with its own channel confirmed. */
async function connect(userId: string, companyId: string | null, sub: string | null) {
  const { ticket, sessionId } = await ticketFor(userId, companyId, sub);
  const client = opened(await TestSocket.open(port, { ticket, host: sub ? `${sub}.localhost` : 'localhost' }));
  await client.next((f) => f.type === 'subscribed' && f.channel === userChannel(userId));
  return { client, sessionId };
}

describe('POST /api/realtime/ticket', () => {
  it('gives a signed-in user a short single-use ticket, stored only as a hash', async () => {
    const { ticket, expiresIn } = await ticketFor(ids.alice, ids.acme, 'acme');
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(30);
    const rows = await t.db.system((tx) => tx.select().from(socketTickets).where(eq(socketTickets.userId, ids.alice)));
    expect(rows.map((r) => r.ticketHash)).toContain(sha256(ticket));
    expect(JSON.stringify(rows)).not.toContain(ticket);
  });

  it('answers 401 without a token', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/realtime/ticket', host: 'acme' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('socket upgrade', () => {
  it('opens with a ticket and the page Origin of the same company, and subscribes the own channel', async () => {
    const { client } = await connect(ids.alice, ids.acme, 'acme');
    expect(client.frames[0]).toMatchObject({ type: 'subscribed', channel: userChannel(ids.alice) });
    client.close();
  });

  it('refuses a reused ticket', async () => {
    const { ticket } = await ticketFor(ids.alice, ids.acme, 'acme');
    opened(await TestSocket.open(port, { ticket, host: 'acme.localhost' })).close();
    const again = await TestSocket.open(port, { ticket, host: 'acme.localhost' });
    expect(again).toMatchObject({ ok: false, status: 401, body: { code: 'TICKET_INVALID' } });
  });

  it('refuses an expired ticket and an unknown one', async () => {
    const { ticket } = await ticketFor(ids.alice, ids.acme, 'acme');
    await t.db.system((tx) =>
      tx
        .update(socketTickets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(socketTickets.ticketHash, sha256(ticket))),
    );
    expect(await TestSocket.open(port, { ticket, host: 'acme.localhost' })).toMatchObject({
      ok: false,
      status: 401,
      body: { code: 'TICKET_INVALID' },
    });
    expect(
      await TestSocket.open(port, { ticket: randomBytes(32).toString('base64url'), host: 'acme.localhost' }),
    ).toMatchObject({ ok: false, status: 401, body: { code: 'TICKET_INVALID' } });
  });

  it('refuses a ticket issued on another company’s Host without spending it', async () => {
    const { ticket } = await ticketFor(ids.bob, ids.acme, 'acme');
    const res = await TestSocket.open(port, { ticket, host: 'globex.localhost' });
    expect(res).toMatchObject({ ok: false, status: 401, body: { code: 'TICKET_INVALID' } });
    opened(await TestSocket.open(port, { ticket, host: 'acme.localhost' })).close();
  });

  it('refuses a foreign, a sibling-company, a look-alike or a missing Origin, without spending the ticket', async () => {
    const { ticket } = await ticketFor(ids.alice, ids.acme, 'acme');
    for (const origin of [
      'https://evil.example.com',
      `http://globex.localhost:${port}`,
      `http://acme.localhost.evil.com:${port}`,
      // Another port on the company's own host, user info, another scheme, a path, other case.
      `http://acme.localhost:${port + 1}`,
      'http://acme.localhost',
      `http://user@acme.localhost:${port}`,
      `https://acme.localhost:${port}`,
      `http://acme.localhost:${port}/admin`,
      `http://ACME.localhost:${port}`,
      'null',
      null,
    ]) {
      const res = await TestSocket.open(port, { ticket, host: 'acme.localhost', origin });
      expect(res).toMatchObject({ ok: false, status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } });
    }
    opened(await TestSocket.open(port, { ticket, host: 'acme.localhost' })).close();
  });

  it('answers 400 for a missing ticket and 404 for an unknown company', async () => {
    expect(await TestSocket.open(port, { ticket: '', host: 'acme.localhost' })).toMatchObject({
      ok: false,
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
    const { ticket } = await ticketFor(ids.alice, ids.acme, 'acme');
    expect(await TestSocket.open(port, { ticket, host: 'nope.localhost' })).toMatchObject({
      ok: false,
      status: 404,
      body: { code: 'COMPANY_NOT_FOUND' },
    });
  });

  it('refuses a ticket whose session was revoked before the socket opened', async () => {
    const { ticket, sessionId } = await ticketFor(ids.alice, ids.acme, 'acme');
    await t.db.system((tx) => tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId)));
    expect(await TestSocket.open(port, { ticket, host: 'acme.localhost' })).toMatchObject({
      ok: false,
      status: 401,
      body: { code: 'SESSION_REVOKED' },
    });
  });
});

describe('channels', () => {
  it('lets an enabled member subscribe to the Host company’s channel and receive its messages', async () => {
    const { client } = await connect(ids.bob, ids.acme, 'acme');
    expect(await client.subscribe(companyChannel(ids.acme))).toMatchObject({
      type: 'subscribed',
      channel: companyChannel(ids.acme),
    });
    await t.app.bus.publish(companyChannel(ids.acme), { type: 'listing_changed', resource: 'users' });
    expect(await client.next((f) => f.type === 'listing_changed')).toEqual({
      type: 'listing_changed',
      resource: 'users',
      channel: companyChannel(ids.acme),
    });
    client.close();
  });

  it('says, as it confirms a channel, when its last change was published: a tab learns what it missed before', async () => {
    const { client } = await connect(ids.alice, ids.acme, 'acme');
    // Presence is no change a tab must read again; a listing change is.
    await t.app.bus.publish(companyChannel(ids.acme), {
      type: 'presence_changed',
      userUuid: ids.bob,
      status: 'online',
    });
    const before = Date.now();
    await t.app.bus.publish(companyChannel(ids.acme), { type: 'listing_changed', resource: 'policies' });
    const after = Date.now();
    const confirmed = (await client.subscribe(companyChannel(ids.acme))) as unknown as {
      lastEventAt: number;
      now: number;
    };
    expect(confirmed).toMatchObject({ type: 'subscribed', channel: companyChannel(ids.acme) });
    expect(confirmed.lastEventAt).toBeGreaterThanOrEqual(before);
    expect(confirmed.lastEventAt).toBeLessThanOrEqual(after);
    expect(confirmed.now).toBeGreaterThanOrEqual(confirmed.lastEventAt);
    expect(confirmed.now).toBeLessThanOrEqual(Date.now());
    client.close();
    // A channel nobody changed: nothing to catch up on.
    const fresh = await connect(ids.carol, ids.globex, 'globex');
    expect(await fresh.client.subscribe(companyChannel(ids.globex))).toMatchObject({ lastEventAt: null });
    fresh.client.close();
  });

  it('refuses another user’s channel and another company’s channel, and delivers nothing from them', async () => {
    const { client } = await connect(ids.bob, ids.acme, 'acme');
    for (const channel of [userChannel(ids.alice), companyChannel(ids.globex)]) {
      expect(await client.subscribe(channel)).toMatchObject({ type: 'error', code: 'FORBIDDEN_CHANNEL', channel });
    }
    expect(await client.subscribe('/admin/secrets')).toMatchObject({ type: 'error', code: 'UNKNOWN_CHANNEL' });
    await t.app.bus.publish(userChannel(ids.alice), { type: 'user_profile_updated' });
    await t.app.bus.publish(companyChannel(ids.globex), { type: 'listing_changed' });
    client.send({ type: 'ping' });
    await client.next((f) => f.type === 'pong');
    expect(client.frames.filter((f) => f.type === 'user_profile_updated' || f.type === 'listing_changed')).toEqual([]);
    client.close();
  });

  it('refuses a disabled member’s socket on that company’s Host (as every route refuses him)', async () => {
    const { ticket } = await ticketFor(ids.bob, ids.globex, 'globex');
    expect(await TestSocket.open(port, { ticket, host: 'globex.localhost' })).toMatchObject({
      ok: false,
      status: 403,
      body: { code: 'ACCOUNT_DISABLED' },
    });
  });

  it('lets a super admin read a company’s channel on its Host', async () => {
    const { client } = await connect(ids.sup, ids.acme, 'acme');
    expect(await client.subscribe(companyChannel(ids.acme))).toMatchObject({ type: 'subscribed' });
    client.close();
  });

  it('drops the company channel live when the membership is disabled (membership_updated)', async () => {
    const { client } = await connect(ids.carol, ids.globex, 'globex');
    await client.subscribe(companyChannel(ids.globex));
    await t.db.system((tx) => tx.update(memberships).set({ enabled: false }).where(eq(memberships.userId, ids.carol)));
    await t.app.bus.publish(userChannel(ids.carol), { type: 'membership_updated', companyUuid: ids.globex });
    expect(await client.next((f) => f.type === 'membership_updated')).toMatchObject({
      channel: userChannel(ids.carol),
    });
    expect(await client.next((f) => f.type === 'unsubscribed')).toEqual({
      type: 'unsubscribed',
      channel: companyChannel(ids.globex),
      reason: 'FORBIDDEN_CHANNEL',
    });
    await t.app.bus.publish(companyChannel(ids.globex), { type: 'listing_changed' });
    client.send({ type: 'ping' });
    await client.next((f) => f.type === 'pong');
    expect(client.frames.some((f) => f.type === 'listing_changed')).toBe(false);
    await t.db.system((tx) => tx.update(memberships).set({ enabled: true }).where(eq(memberships.userId, ids.carol)));
    client.close();
  });

  it('drops the company channel live when the company is disabled (company_updated), but not for a super admin', async () => {
    const member = await connect(ids.carol, ids.globex, 'globex');
    const sup = await connect(ids.sup, ids.globex, 'globex');
    for (const s of [member, sup]) await s.client.subscribe(companyChannel(ids.globex));
    await t.db.system((tx) => tx.update(companies).set({ enabled: false }).where(eq(companies.id, ids.globex)));
    await t.app.bus.publish(companyChannel(ids.globex), { type: 'company_updated', enabled: false });
    for (const s of [member, sup]) await s.client.next((f) => f.type === 'company_updated');
    expect(await member.client.next((f) => f.type === 'unsubscribed')).toMatchObject({
      channel: companyChannel(ids.globex),
      reason: 'FORBIDDEN_CHANNEL',
    });
    await t.app.bus.publish(companyChannel(ids.globex), { type: 'listing_changed' });
    expect(await sup.client.next((f) => f.type === 'listing_changed')).toBeTruthy();
    expect(sup.client.frames.some((f) => f.type === 'unsubscribed')).toBe(false);
    await t.db.system((tx) => tx.update(companies).set({ enabled: true }).where(eq(companies.id, ids.globex)));
    member.client.close();
    sup.client.close();
  });

  it('answers a repeated subscribe as subscribed, once per request, without double delivery', async () => {
    const { client } = await connect(ids.alice, ids.acme, 'acme');
    for (let i = 0; i < 3; i++) {
      expect(await client.subscribe(companyChannel(ids.acme))).toMatchObject({ type: 'subscribed' });
    }
    await t.app.bus.publish(companyChannel(ids.acme), { type: 'listing_changed', resource: 'teams' });
    await client.next((f) => f.type === 'listing_changed');
    client.send({ type: 'ping' });
    await client.next((f) => f.type === 'pong');
    expect(client.frames.filter((f) => f.type === 'listing_changed')).toHaveLength(1);
    client.close();
  });
});

describe('session end', () => {
  it('delivers user_logged_out to the revoked session’s socket and closes it within one second', async () => {
    const { client, sessionId } = await connect(ids.alice, ids.acme, 'acme');
    const other = await connect(ids.alice, ids.acme, 'acme');
    await t.db.system((tx) => tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId)));
    const start = performance.now();
    await t.app.bus.publish(userChannel(ids.alice), { type: 'user_logged_out', sessionId });
    expect(await client.next((f) => f.type === 'user_logged_out', 1_000)).toMatchObject({ sessionId });
    const closed = await client.closed;
    expect(closed).toMatchObject({ code: CLOSE_CODES.SESSION_ENDED, reason: 'session ended' });
    expect(closed.at - start).toBeLessThan(1_000);
    // The user's other session stays open and is not told to sign out.
    other.client.send({ type: 'ping' });
    await other.client.next((f) => f.type === 'pong');
    expect(other.client.frames.some((f) => f.type === 'user_logged_out')).toBe(false);
    other.client.close();
  });

  it('ends every socket of the user when the message names no session', async () => {
    const a = await connect(ids.bob, ids.acme, 'acme');
    const b = await connect(ids.bob, ids.acme, 'acme');
    await t.app.bus.publish(userChannel(ids.bob), { type: 'user_logged_out' });
    for (const s of [a, b]) expect((await s.client.closed).code).toBe(CLOSE_CODES.SESSION_ENDED);
  });

  it('ends only the sockets of the named company when the message names one (an admin’s revoke)', async () => {
    const dan = await t.db.system(async (tx) => {
      const u = await createUser(tx, { email: 'dan@both.test' });
      await addMembership(tx, ids.acme, u.id);
      await addMembership(tx, ids.globex, u.id);
      return u.id;
    });
    const onAcme = await connect(dan, ids.acme, 'acme');
    const onGlobex = await connect(dan, ids.globex, 'globex');
    await t.app.bus.publish(userChannel(dan), { type: 'user_logged_out', companyUuid: ids.acme });
    expect((await onAcme.client.closed).code).toBe(CLOSE_CODES.SESSION_ENDED);
    onGlobex.client.send({ type: 'ping' });
    await onGlobex.client.next((f) => f.type === 'pong');
    expect(onGlobex.client.frames.some((f) => f.type === 'user_logged_out')).toBe(false);
    onGlobex.client.close();
  });

  it('ends a revoked session’s socket on its next subscribe even if the bus message was missed', async () => {
    const { client, sessionId } = await connect(ids.alice, ids.acme, 'acme');
    await t.db.system((tx) => tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId)));
    client.send({ type: 'subscribe', channel: companyChannel(ids.acme) });
    expect(await client.next((f) => f.type === 'user_logged_out')).toMatchObject({ sessionId });
    expect((await client.closed).code).toBe(CLOSE_CODES.SESSION_ENDED);
    expect(client.frames.some((f) => f.type === 'subscribed' && f.channel === companyChannel(ids.acme))).toBe(false);
  });

  it('ends a revoked session’s socket at the periodic re-check', async () => {
    const { client, sessionId } = await connect(ids.alice, ids.acme, 'acme');
    await t.db.system((tx) => tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId)));
    await t.app.sockets.recheckAll();
    expect(await client.next((f) => f.type === 'user_logged_out')).toMatchObject({ sessionId });
    expect((await client.closed).code).toBe(CLOSE_CODES.SESSION_ENDED);
  });
});

describe('sockets per session', () => {
  it('caps the sockets of one session and closes the oldest (4009), keeping the newest', async () => {
    const { token } = await tokenFor(t.app, ids.alice, ids.acme);
    const clients: TestSocket[] = [];
    for (let i = 0; i < REALTIME_MAX_SOCKETS_PER_SESSION + 2; i++) {
      const res = await call(t.app, { method: 'POST', url: '/api/realtime/ticket', host: 'acme', token });
      const client = opened(await TestSocket.open(port, { ticket: res.json().ticket, host: 'acme.localhost' }));
      await client.next((f) => f.type === 'subscribed');
      clients.push(client);
    }
    expect((await clients[0]!.closed).code).toBe(CLOSE_CODES.REPLACED);
    expect((await clients[1]!.closed).code).toBe(CLOSE_CODES.REPLACED);
    for (const c of clients.slice(2)) {
      c.send({ type: 'ping' });
      await c.next((f) => f.type === 'pong');
    }
    // Another session of the same user is not affected by this one's cap.
    const other = await connect(ids.alice, ids.acme, 'acme');
    other.client.send({ type: 'ping' });
    await other.client.next((f) => f.type === 'pong');
    for (const c of [...clients.slice(2), other.client]) c.close();
  });
});

describe('bad input', () => {
  it('answers bad frames with error frames, then closes after too many', async () => {
    const { client } = await connect(ids.alice, ids.acme, 'acme');
    client.send('not json');
    expect(await client.next((f) => f.type === 'error')).toMatchObject({ code: 'BAD_FRAME' });
    client.send({ type: 'publish', channel: userChannel(ids.alice), message: { type: 'user_logged_out' } });
    expect(await client.next((f) => f.type === 'error' && f.code === 'UNKNOWN_TYPE')).toBeTruthy();
    for (let i = 0; i < 25; i++) client.send('[1,2,3]');
    expect(await client.closed).toMatchObject({ code: CLOSE_CODES.POLICY_VIOLATION, reason: 'too many bad frames' });
  });

  it('closes with 1009 on a frame above 16 KB and 1003 on a binary frame', async () => {
    const big = await connect(ids.alice, ids.acme, 'acme');
    big.client.send(JSON.stringify({ type: 'subscribe', channel: 'x'.repeat(20_000) }));
    expect((await big.client.closed).code).toBe(CLOSE_CODES.MESSAGE_TOO_BIG);
    const bin = await connect(ids.alice, ids.acme, 'acme');
    bin.client.ws.send(Buffer.from([1, 2, 3]));
    expect((await bin.client.closed).code).toBe(CLOSE_CODES.UNSUPPORTED_DATA);
  });

  it('closes a socket that floods frames', async () => {
    const { client } = await connect(ids.alice, ids.acme, 'acme');
    for (let i = 0; i < 150; i++) client.send({ type: 'ping' });
    expect(await client.closed).toMatchObject({ code: CLOSE_CODES.POLICY_VIOLATION, reason: 'too many frames' });
  });

  it('closes with 4008 a socket that stops reading while messages pile up, and drops what it did not take', async () => {
    const { client } = await connect(ids.alice, ids.acme, 'acme');
    await client.subscribe(companyChannel(ids.acme));
    // The client stops reading its TCP socket, as a frozen tab would.
    const raw = (client.ws as unknown as { _socket: import('node:net').Socket })._socket;
    raw.pause();
    const filler = 'x'.repeat(8_000);
    const published = 2_000;
    for (let i = 0; i < published; i++) {
      await t.app.bus.publish(companyChannel(ids.acme), { type: 'listing_changed', seq: i, filler });
    }
    raw.resume();
    expect((await client.closed).code).toBe(CLOSE_CODES.TOO_SLOW);
    const got = client.frames.filter((f) => f.type === 'listing_changed').length;
    expect(got).toBeGreaterThan(0);
    expect(got).toBeLessThan(published);
  });

  it('survives a fuzzed stream of bad frames and keeps serving', async () => {
    const samples = [
      '',
      '{',
      'null',
      '42',
      '"subscribe"',
      '{"type":null}',
      '{"type":"subscribe"}',
      '{"type":"subscribe","channel":42}',
      '{"type":"subscribe","channel":{"$ne":null}}',
      '{"type":"subscribe","channel":"/user/../message"}',
      '{"type":"unsubscribe","channel":""}',
      '{"__proto__":{"type":"ping"}}',
      '{"type":"constructor"}',
      '\u0000\uffff',
    ];
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      const { client } = await connect(ids.alice, ids.acme, 'acme');
      for (let i = 0; i < 15; i++) {
        const pick = Math.floor(Math.random() * (samples.length + 1));
        const frame =
          pick < samples.length ? samples[pick]! : randomBytes(1 + Math.floor(Math.random() * 200)).toString('latin1');
        client.send(frame);
      }
      client.send({ type: 'ping' });
      await client.next((f) => f.type === 'pong' || f.type === 'error');
      client.close();
    }
    // The process still serves HTTP and new sockets.
    expect((await call(t.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const { client } = await connect(ids.alice, ids.acme, 'acme');
    client.send({ type: 'ping' });
    expect(await client.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
    client.close();
  });

  it('does not spend a ticket on a plain GET', async () => {
    const { ticket } = await ticketFor(ids.alice, ids.acme, 'acme');
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/realtime?basename=/admin&ticket=${ticket}`,
      host: 'acme',
      headers: { origin: 'http://acme.localhost:3000' },
    });
    expect(res.statusCode).toBe(400);
    opened(await TestSocket.open(port, { ticket, host: 'acme.localhost' })).close();
  });
});

describe('shutdown', () => {
  it('closes sockets with "server restarting" so clients reconnect elsewhere', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const otherPort = (other.app.server.address() as AddressInfo).port;
    const [acme, user] = await other.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
      const u = await createUser(tx, { email: 'dora@acme.test' });
      await addMembership(tx, c.id, u.id);
      return [c.id, u.id];
    });
    const { token } = await tokenFor(other.app, user, acme);
    const res = await call(other.app, { method: 'POST', url: '/api/realtime/ticket', host: 'acme', token });
    const client = opened(await TestSocket.open(otherPort, { ticket: res.json().ticket, host: 'acme.localhost' }));
    await client.next((f) => f.type === 'subscribed');
    const closing = other.close();
    expect(await client.closed).toMatchObject({ code: CLOSE_CODES.SERVER_RESTARTING, reason: 'server restarting' });
    await closing;
  });
});
