import { CLOSE_CODES, companyChannel, userChannel } from '@wac/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { hashPassword } from '../../lib/password';
import { type Cluster, startCluster } from '../../test/cluster';
import { TestSocket } from '../../test/ws-client';

// Two real server processes on one PostgreSQL and one Redis (CI provides both on 127.0.0.1).
let cluster: Cluster;
let A: number;
let B: number;
let ids: { acme: string; alice: string; bob: string };

beforeAll(async () => {
  cluster = await startCluster({ ports: [3410, 3411], label: 'mp' });
  [A, B] = cluster.ports as [number, number];
  ids = await cluster.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const alice = await createUser(tx, { email: 'alice@acme.test' });
    const bob = await createUser(tx, { email: 'bob@acme.test', passwordHash: await hashPassword('Bob-pass-1234') });
    await addMembership(tx, acme.id, alice.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, bob.id);
    return { acme: acme.id, alice: alice.id, bob: bob.id };
  });
}, 120_000);
afterAll(() => cluster?.close(), 60_000);

/** A socket on process `port`, with a ticket issued by process `ticketPort`. */
async function socketOn(
  port: number,
  userId: string,
  ticketPort = port,
  session?: { token: string; sessionId: string },
) {
  const s = session ?? (await cluster.sign(userId, ids.acme));
  const res = await cluster.http(ticketPort, {
    method: 'POST',
    path: '/api/realtime/ticket',
    sub: 'acme',
    token: s.token,
  });
  expect(res.status).toBe(200);
  const opened = await TestSocket.open(port, { ticket: res.body.ticket as string, host: 'acme.localhost' });
  if (!opened.ok) throw new Error(`refused: ${opened.status} ${JSON.stringify(opened.body)}`);
  await opened.client.next((f) => f.type === 'subscribed' && f.channel === userChannel(userId));
  return { client: opened.client, ...s };
}

describe('two processes, one PostgreSQL, one Redis', () => {
  it('signs in on A, redeems on B a ticket issued by A, once (sessions and tickets live in the database)', async () => {
    const login = await cluster.http(A, {
      method: 'POST',
      path: '/api/jwt/login',
      sub: 'acme',
      body: { email: 'bob@acme.test', password: 'Bob-pass-1234' },
    });
    expect(login.status).toBe(200);
    const res = await cluster.http(A, {
      method: 'POST',
      path: '/api/realtime/ticket',
      sub: 'acme',
      token: login.body.accessToken as string,
    });
    expect(res.status).toBe(200);
    const ticket = res.body.ticket as string;
    const first = await TestSocket.open(B, { ticket, host: 'acme.localhost' });
    expect(first.ok).toBe(true);
    if (first.ok) first.client.close();
    expect(await TestSocket.open(A, { ticket, host: 'acme.localhost' })).toMatchObject({
      ok: false,
      status: 401,
      body: { code: 'TICKET_INVALID' },
    });
  });

  it('signs out the revoked session’s sockets on both processes within one second of a revoke on A', async () => {
    const onB = await socketOn(B, ids.bob);
    const onA = await socketOn(A, ids.bob, A, onB);
    // Bob, signed in elsewhere, ends that session through process A's API ("revoke" in his sessions list).
    const elsewhere = await cluster.sign(ids.bob, ids.acme);
    const start = performance.now();
    const revoked = await cluster.http(A, {
      method: 'DELETE',
      path: `/api/jwt/sessions/${onB.sessionId}`,
      sub: 'acme',
      token: elsewhere.token,
    });
    expect(revoked.status).toBe(200);
    for (const s of [onB, onA]) {
      expect(await s.client.next((f) => f.type === 'user_logged_out', 1_000)).toMatchObject({
        sessionId: onB.sessionId,
      });
      const closed = await s.client.closed;
      expect(closed.code).toBe(CLOSE_CODES.SESSION_ENDED);
      expect(closed.at - start).toBeLessThan(1_000);
    }
    // The API on either process refuses the revoked session too.
    const res = await cluster.http(A, {
      method: 'POST',
      path: '/api/realtime/ticket',
      sub: 'acme',
      token: onB.token,
    });
    expect(res).toMatchObject({ status: 401, body: { code: 'SESSION_REVOKED' } });
  });

  it('carries an admin’s role change on A to the member’s socket on B (membership_updated, listing_changed)', async () => {
    const admin = await cluster.sign(ids.alice, ids.acme);
    const onB = await socketOn(B, ids.bob);
    expect(await onB.client.subscribe(companyChannel(ids.acme))).toMatchObject({ type: 'subscribed' });
    const member = await cluster.http(A, {
      method: 'GET',
      path: `/api/members/${ids.bob}`,
      sub: 'acme',
      token: admin.token,
    });
    expect(member.status).toBe(200);
    const changed = await cluster.http(A, {
      method: 'PATCH',
      path: `/api/members/${ids.bob}`,
      sub: 'acme',
      token: admin.token,
      body: { version: member.body.version, roles: ['admin'] },
    });
    expect(changed.status).toBe(200);
    expect(await onB.client.next((f) => f.type === 'membership_updated', 1_000)).toMatchObject({
      companyUuid: ids.acme,
      channel: userChannel(ids.bob),
    });
    expect(await onB.client.next((f) => f.type === 'listing_changed', 1_000)).toMatchObject({
      resource: 'members',
      channel: companyChannel(ids.acme),
    });
    onB.client.close();
  });

  it('signs out a member’s socket on B within one second of an admin’s revoke on A', async () => {
    const admin = await cluster.sign(ids.alice, ids.acme);
    const onB = await socketOn(B, ids.bob);
    const start = performance.now();
    const res = await cluster.http(A, {
      method: 'POST',
      path: `/api/members/${ids.bob}/sessions/revoke`,
      sub: 'acme',
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(await onB.client.next((f) => f.type === 'user_logged_out', 1_000)).toMatchObject({ companyUuid: ids.acme });
    const closed = await onB.client.closed;
    expect(closed.code).toBe(CLOSE_CODES.SESSION_ENDED);
    expect(closed.at - start).toBeLessThan(1_000);
  });

  it('on SIGTERM closes sockets with "server restarting"; the client reconnects to the other process', async () => {
    const s = await cluster.sign(ids.alice, ids.acme);
    const onB = await socketOn(B, ids.alice, B, s);
    await cluster.stop(1);
    expect(await onB.client.closed).toMatchObject({ code: CLOSE_CODES.SERVER_RESTARTING, reason: 'server restarting' });
    const onA = await socketOn(A, ids.alice, A, s);
    await cluster.bus.publish(userChannel(ids.alice), { type: 'user_profile_updated' });
    expect(await onA.client.next((f) => f.type === 'user_profile_updated', 1_000)).toBeTruthy();
    onA.client.close();
  });
});
