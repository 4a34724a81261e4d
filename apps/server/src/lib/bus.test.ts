// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import { randomBytes } from 'node:crypto';
import type { RealtimeMessage } from '@wac/shared/realtime';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy } from '../test/faults/fault-proxy';
import { type Bus, createMemoryBus, createRedisBus, LAST_EVENT_TTL_MS } from './bus';

// Real Redis (127.0.0.1:6379 here and in CI); every run has its own channel prefix.
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `realtime-bus-${randomBytes(4).toString('hex')}:`;
let a: Bus;
let b: Bus;
let raw: Redis;

beforeAll(async () => {
  [a, b] = await Promise.all([createRedisBus({ url, prefix }), createRedisBus({ url, prefix })]);
  raw = new Redis(url);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  raw.disconnect();
});

const collect = (bus: Bus, channel: string) => {
  const got: RealtimeMessage[] = [];
  const off = bus.subscribe(channel, (m) => got.push(m));
  return { got, off };
};
const until = async (cond: () => boolean) => {
  const end = Date.now() + 2_000;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};
const subscribers = async (channel: string) =>
  Number(((await raw.pubsub('NUMSUB', prefix + channel)) as [string, number])[1]);

describe('Redis bus', () => {
  it('carries a message published on one process to the subscribers of another, once each', async () => {
    const onB = collect(b, '/user/u1/message');
    const onA = collect(a, '/user/u1/message');
    await Promise.all([onB.off.ready, onA.off.ready]);
    await a.publish('/user/u1/message', { type: 'user_logged_out', sessionId: 's1' });
    await until(() => onA.got.length === 1 && onB.got.length === 1);
    expect(onB.got).toEqual([{ type: 'user_logged_out', sessionId: 's1' }]);
    expect(onA.got).toEqual(onB.got);
    onA.off();
    onB.off();
  });

  it('holds one Redis subscription per channel per process, dropped with the last handler', async () => {
    const ch = '/company/c1/events';
    const h1 = collect(a, ch);
    const h2 = collect(a, ch);
    await h1.off.ready;
    expect(await subscribers(ch)).toBe(1);
    h1.off();
    await new Promise((r) => setTimeout(r, 50));
    expect(await subscribers(ch)).toBe(1);
    await b.publish(ch, { type: 'listing_changed' });
    await until(() => h2.got.length === 1);
    expect(h1.got).toEqual([]);
    h2.off();
    await new Promise((r) => setTimeout(r, 50));
    expect(await subscribers(ch)).toBe(0);
  });

  it('ignores what is not a message (bad JSON, unknown type) and other prefixes, and keeps working', async () => {
    const ch = '/user/u2/message';
    const h = collect(b, ch);
    await h.off.ready;
    await raw.publish(prefix + ch, '{not json');
    await raw.publish(prefix + ch, JSON.stringify({ type: 'drop_tables' }));
    await raw.publish(prefix + ch, 'null');
    await raw.publish(`other:${ch}`, JSON.stringify({ type: 'user_logged_out' }));
    await a.publish(ch, { type: 'user_profile_updated' });
    await until(() => h.got.length === 1);
    expect(h.got).toEqual([{ type: 'user_profile_updated' }]);
    h.off();
  });

  it('tells any process when a channel last changed (presence is no change), null when it never did', async () => {
    const ch = '/company/c9/events';
    expect(await b.lastEventAt(ch)).toBeNull();
    const before = Date.now();
    await a.publish(ch, { type: 'listing_changed', resource: 'policies' });
    const changed = await b.lastEventAt(ch);
    expect(changed).toBeGreaterThanOrEqual(before);
    expect(changed).toBeLessThanOrEqual(Date.now());
    // The time lives in Redis for ten minutes, beside the channel.
    expect(Number(await raw.pttl(`${prefix}last:${ch}`))).toBeGreaterThan(LAST_EVENT_TTL_MS - 60_000);
    await new Promise((r) => setTimeout(r, 5));
    await a.publish(ch, { type: 'presence_changed', userUuid: 'u', status: 'online' });
    expect(await b.lastEventAt(ch)).toBe(changed);
    expect(await a.lastEventAt('/company/c10/events')).toBeNull();
  });

  it('says when it holds its channels again after losing Redis, once per outage (what was missed is unknown)', async () => {
    const target = new URL(url);
    const proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const cut = await createRedisBus({ url: proxy.url('redis'), prefix });
    try {
      let resumed = 0;
      cut.onResume?.(() => {
        resumed += 1;
      });
      const held = collect(cut, 'company:resume');
      await held.off.ready;
      await proxy.refuse();
      // Published by another process while this one is cut off: lost on the way here.
      await b.publish('company:resume', { type: 'listing_changed' } as RealtimeMessage);
      await new Promise((r) => setTimeout(r, 300));
      expect(resumed).toBe(0);
      await proxy.restore();
      const end = Date.now() + 5_000;
      while (resumed === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect(resumed).toBe(1);
      expect(held.got).toEqual([]);
      // Delivery is back, and no resume is said without an outage.
      await b.publish('company:resume', { type: 'listing_changed' } as RealtimeMessage);
      await until(() => held.got.length === 1);
      expect(resumed).toBe(1);
    } finally {
      await cut.close();
      await proxy.close();
    }
  });

  it('refuses to start, with a clear message, when Redis cannot be reached', async () => {
    await expect(createRedisBus({ url: 'redis://127.0.0.1:1', prefix })).rejects.toThrow(/Cannot connect to Redis/);
  });
});

describe('memory bus', () => {
  it('tells when a channel last changed, presence aside', async () => {
    const bus = createMemoryBus();
    const ch = '/user/u9/message';
    expect(await bus.lastEventAt(ch)).toBeNull();
    await bus.publish(ch, { type: 'user_profile_updated' });
    const changed = await bus.lastEventAt(ch);
    expect(changed).toBeGreaterThan(0);
    await bus.publish('/company/c/events', { type: 'presence_changed', userUuid: 'u', status: 'away' });
    expect(await bus.lastEventAt('/company/c/events')).toBeNull();
    await bus.close();
  });
});
