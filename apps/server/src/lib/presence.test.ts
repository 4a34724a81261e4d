// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryPresence, createRedisPresence, type Presence } from './presence';

const C = 'company-1';

async function walk(a: Presence, b: Presence) {
  const status = async (p: Presence) => (await p.statuses(C, ['u1']))?.get('u1');
  expect(await status(a)).toBe('offline');
  await a.connected(C, 'u1', 't1');
  expect(await status(b)).toBe('online');
  await b.connected(C, 'u1', 't2');
  await a.activity(C, 'u1', 't1', false);
  // One tab still active (on the other process): online.
  expect(await status(a)).toBe('online');
  await b.activity(C, 'u1', 't2', false);
  expect(await status(a)).toBe('away');
  await a.setBusy(C, 'u1', true);
  expect(await status(b)).toBe('busy');
  await a.disconnected(C, 'u1', 't1');
  expect(await status(a)).toBe('busy');
  await b.disconnected(C, 'u1', 't2');
  // Busy only while connected: with no tab left, offline.
  expect(await status(a)).toBe('offline');
  await a.setBusy(C, 'u1', false);
  // Another company knows nothing of this one's people.
  await a.connected(C, 'u1', 't3');
  expect((await b.statuses('company-2', ['u1'])).get('u1')).toBe('offline');
  await a.disconnected(C, 'u1', 't3');
}

describe('presence in one process', () => {
  it('is online, away, busy and offline as tabs come, idle and go', async () => {
    const p = createMemoryPresence();
    await walk(p, p);
  });
});

describe('presence across two processes through Redis', () => {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `presence-test-${randomBytes(4).toString('hex')}:`;
  let redis: Redis;
  // A local Redis, as the multi-process real-time tests use (CI provides one on 127.0.0.1).
  beforeAll(async () => {
    redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('adds up the tabs of both processes, and a crashed process lapses', async () => {
    const a = createRedisPresence(redis, 'proc-a', prefix);
    const b = createRedisPresence(redis, 'proc-b', prefix);
    await walk(a, b);
    // A process that dies with a tab open leaves a field whose expiry passes: offline then.
    await a.connected(C, 'u2', 't9');
    expect((await b.statuses(C, ['u2'])).get('u2')).toBe('online');
    await redis.hset(`${prefix}presence:${C}:u2`, 'proc-a', `${Date.now() - 1}:1:1`);
    expect((await b.statuses(C, ['u2'])).get('u2')).toBe('offline');
    a.close();
    b.close();
  });
});
