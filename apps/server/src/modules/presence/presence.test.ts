import type { AddressInfo } from 'node:net';
import { companyChannel, userChannel } from '@wac/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { TestSocket } from '../../test/ws-client';

let t: TestContext;
let port: number;
let ids: { acme: string; alice: string; bob: string; root: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const alice = await createUser(tx, { email: 'alice@acme.test' });
    const bob = await createUser(tx, { email: 'bob@acme.test' });
    await addMembership(tx, acme.id, alice.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, bob.id);
    const root = await createUser(tx, { email: 'root@platform.test', roles: ['super_admin', 'super_admin_write'] });
    return { acme: acme.id, alice: alice.id, bob: bob.id, root: root.id };
  });
});
afterAll(() => t.close());

async function connect(userId: string) {
  const { token } = await tokenFor(t.app, userId, ids.acme);
  const res = await call(t.app, { method: 'POST', url: '/api/realtime/ticket', host: 'acme', token });
  const o = await TestSocket.open(port, { ticket: res.json().ticket as string, host: 'acme.localhost' });
  if (!o.ok) throw new Error(`socket refused: ${o.status}`);
  await o.client.next((f) => f.type === 'subscribed' && f.channel === userChannel(userId));
  return { client: o.client, token };
}

describe('presence from the sockets', () => {
  it('a tab makes its member online for the company, live; idle makes them away; the last tab gone, offline', async () => {
    const alice = await connect(ids.alice);
    expect((await alice.client.subscribe(companyChannel(ids.acme))).type).toBe('subscribed');
    const status = async () =>
      (
        await call(t.app, { method: 'GET', url: `/api/presence?uuids=${ids.bob}`, host: 'acme', token: alice.token })
      ).json().data[ids.bob];

    const since = alice.client.frames.length;
    const bob = await connect(ids.bob);
    await alice.client.next(
      (f) => f.type === 'presence_changed' && f.userUuid === ids.bob && f.status === 'online',
      2_000,
      since,
    );
    expect(await status()).toBe('online');

    bob.client.ws.send(JSON.stringify({ type: 'activity', active: false }));
    await alice.client.next((f) => f.type === 'presence_changed' && f.userUuid === ids.bob && f.status === 'away');
    expect(await status()).toBe('away');

    bob.client.ws.close();
    await alice.client.next((f) => f.type === 'presence_changed' && f.userUuid === ids.bob && f.status === 'offline');
    expect(await status()).toBe('offline');
    alice.client.ws.close();
  });

  it('an activity frame without a boolean is refused and changes nobody’s presence', async () => {
    const alice = await connect(ids.alice);
    expect((await alice.client.subscribe(companyChannel(ids.acme))).type).toBe('subscribed');
    const bob = await connect(ids.bob);
    await alice.client.next((f) => f.type === 'presence_changed' && f.userUuid === ids.bob && f.status === 'online');
    const since = alice.client.frames.length;
    for (const active of ['yes', 0, null, undefined]) {
      const from = bob.client.frames.length;
      bob.client.ws.send(JSON.stringify({ type: 'activity', active }));
      expect(await bob.client.next((f) => f.type === 'error', 2_000, from)).toMatchObject({ code: 'BAD_FRAME' });
    }
    const beforePing = bob.client.frames.length;
    bob.client.ws.send(JSON.stringify({ type: 'ping' }));
    await bob.client.next((f) => f.type === 'pong', 2_000, beforePing);
    expect(alice.client.frames.slice(since).filter((f) => f.type === 'presence_changed')).toEqual([]);
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/presence?uuids=${ids.bob}`,
      host: 'acme',
      token: alice.token,
    });
    expect(res.json().data[ids.bob]).toBe('online');
    bob.client.ws.close();
    alice.client.ws.close();
  });

  it('a super admin visiting the company has no presence of his own to set there; a member has', async () => {
    const { token } = await tokenFor(t.app, ids.root, ids.acme);
    const visiting = await call(t.app, {
      method: 'PUT',
      url: '/api/presence',
      host: 'acme',
      token,
      payload: { status: 'busy' },
    });
    expect([visiting.statusCode, visiting.json().code]).toEqual([403, 'FORBIDDEN']);
    const map = await call(t.app, { method: 'GET', url: `/api/presence?uuids=${ids.root}`, host: 'acme', token });
    expect(map.json().data[ids.root]).not.toBe('busy');
    const bob = (await tokenFor(t.app, ids.bob, ids.acme)).token;
    const own = await call(t.app, {
      method: 'PUT',
      url: '/api/presence',
      host: 'acme',
      token: bob,
      payload: { status: 'busy' },
    });
    // (Offline until a tab of his is open: busy shows while online.)
    expect([own.statusCode, own.json().status]).toEqual([200, 'offline']);
  });

  it('a visiting super admin’s open tab does not show him online to the company', async () => {
    const alice = await connect(ids.alice);
    expect((await alice.client.subscribe(companyChannel(ids.acme))).type).toBe('subscribed');
    const since = alice.client.frames.length;
    const root = await connect(ids.root);
    // He reads the company's channel (he is visiting it)…
    expect((await root.client.subscribe(companyChannel(ids.acme))).type).toBe('subscribed');
    root.client.ws.send(JSON.stringify({ type: 'activity', active: true }));
    // …and a member's tab opened after his is told, so anything about him would have come first.
    const bob = await connect(ids.bob);
    await alice.client.next((f) => f.type === 'presence_changed' && f.userUuid === ids.bob, 2_000, since);
    expect(
      alice.client.frames.slice(since).filter((f) => f.type === 'presence_changed' && f.userUuid === ids.root),
    ).toEqual([]);
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/presence?uuids=${ids.root},${ids.bob}`,
      host: 'acme',
      token: alice.token,
    });
    // (Bob chose busy in the test above: it shows now that a tab of his is open.)
    expect(res.json().data).toEqual({ [ids.root]: 'offline', [ids.bob]: 'busy' });
    for (const c of [root, bob, alice]) c.client.ws.close();
  });
});
