import { companyChannel } from '@wac/shared/realtime';
import type { Redis } from 'ioredis';
import type { Bus } from './bus';

export type PresenceStatus = 'online' | 'away' | 'busy' | 'offline';

/**
 * Who is connected, per company: online while a member has a socket open on any process, away when
 * every one of their tabs reported inactivity, busy when they said so (while connected), offline
 * otherwise. Each process counts its own sockets; with Redis each process writes its counts into a
 * hash per member (field = process, value = expiry:activeTabs:tabs, refreshed by a heartbeat), so a
 * crashed process's counts expire by themselves.
 */
export interface Presence {
  connected(companyId: string, userId: string, tabId: string): Promise<void>;
  disconnected(companyId: string, userId: string, tabId: string): Promise<void>;
  activity(companyId: string, userId: string, tabId: string, active: boolean): Promise<void>;
  setBusy(companyId: string, userId: string, busy: boolean): Promise<void>;
  statuses(companyId: string, userIds: string[]): Promise<Map<string, PresenceStatus>>;
  close(): void;
}

const HEARTBEAT_MS = 15_000;
const TTL_MS = 45_000;

type Tabs = Map<string, boolean>;

function statusOf(tabs: number, active: number, busy: boolean): PresenceStatus {
  if (tabs === 0) return 'offline';
  if (busy) return 'busy';
  return active > 0 ? 'online' : 'away';
}

/** This process's sockets: company|user → tab → active. */
function localCounts() {
  const local = new Map<string, Tabs>();
  const key = (c: string, u: string) => `${c}|${u}`;
  return {
    local,
    set(c: string, u: string, tab: string, active: boolean | null) {
      const k = key(c, u);
      let tabs = local.get(k);
      if (active === null) {
        tabs?.delete(tab);
        if (tabs && tabs.size === 0) local.delete(k);
        return;
      }
      if (!tabs) {
        tabs = new Map();
        local.set(k, tabs);
      }
      tabs.set(tab, active);
    },
    counts(c: string, u: string) {
      const tabs = local.get(key(c, u));
      if (!tabs) return { tabs: 0, active: 0 };
      let active = 0;
      for (const a of tabs.values()) if (a) active++;
      return { tabs: tabs.size, active };
    },
  };
}

/** One process: everything in memory (the embedded default). */
export function createMemoryPresence(): Presence {
  const counts = localCounts();
  const busy = new Set<string>();
  return {
    async connected(c, u, tab) {
      counts.set(c, u, tab, true);
    },
    async disconnected(c, u, tab) {
      counts.set(c, u, tab, null);
    },
    async activity(c, u, tab, active) {
      if (counts.counts(c, u).tabs) counts.set(c, u, tab, active);
    },
    async setBusy(c, u, b) {
      if (b) busy.add(`${c}|${u}`);
      else busy.delete(`${c}|${u}`);
    },
    async statuses(c, userIds) {
      const out = new Map<string, PresenceStatus>();
      for (const u of userIds) {
        const n = counts.counts(c, u);
        out.set(u, statusOf(n.tabs, n.active, busy.has(`${c}|${u}`)));
      }
      return out;
    },
    close() {},
  };
}

/** Several processes: the counts of each process in Redis, next to the busy flags. */
export function createRedisPresence(redis: Redis, processId: string, prefix = 'wac:'): Presence {
  const counts = localCounts();
  const hashKey = (c: string, u: string) => `${prefix}presence:${c}:${u}`;
  const busyKey = (c: string) => `${prefix}presence-busy:${c}`;

  async function write(c: string, u: string) {
    const n = counts.counts(c, u);
    if (n.tabs === 0) {
      await redis.hdel(hashKey(c, u), processId);
      return;
    }
    await redis
      .multi()
      .hset(hashKey(c, u), processId, `${Date.now() + TTL_MS}:${n.active}:${n.tabs}`)
      .pexpire(hashKey(c, u), TTL_MS)
      .exec();
  }

  const timer = setInterval(() => {
    const pipe = redis.pipeline();
    const expiry = Date.now() + TTL_MS;
    for (const k of counts.local.keys()) {
      const [c, u] = k.split('|') as [string, string];
      const n = counts.counts(c, u);
      pipe.hset(hashKey(c, u), processId, `${expiry}:${n.active}:${n.tabs}`).pexpire(hashKey(c, u), TTL_MS);
    }
    pipe.exec().catch(() => {});
  }, HEARTBEAT_MS);
  timer.unref();

  return {
    async connected(c, u, tab) {
      counts.set(c, u, tab, true);
      await write(c, u);
    },
    async disconnected(c, u, tab) {
      counts.set(c, u, tab, null);
      await write(c, u);
    },
    async activity(c, u, tab, active) {
      if (!counts.counts(c, u).tabs) return;
      counts.set(c, u, tab, active);
      await write(c, u);
    },
    async setBusy(c, u, b) {
      if (b) await redis.sadd(busyKey(c), u);
      else await redis.srem(busyKey(c), u);
    },
    async statuses(c, userIds) {
      const out = new Map<string, PresenceStatus>();
      if (!userIds.length) return out;
      const pipe = redis.pipeline();
      for (const u of userIds) pipe.hgetall(hashKey(c, u));
      pipe.smismember(busyKey(c), ...userIds);
      const res = (await pipe.exec()) ?? [];
      const busy = (res[userIds.length]?.[1] as number[] | undefined) ?? [];
      const now = Date.now();
      userIds.forEach((u, i) => {
        const fields = (res[i]?.[1] as Record<string, string> | undefined) ?? {};
        let tabs = 0;
        let active = 0;
        for (const v of Object.values(fields)) {
          const [exp, a, t] = v.split(':').map(Number);
          if (!exp || exp < now) continue;
          tabs += t ?? 0;
          active += a ?? 0;
        }
        out.set(u, statusOf(tabs, active, busy[i] === 1));
      });
      return out;
    },
    close() {
      clearInterval(timer);
    },
  };
}

export type PresenceChange = 'connected' | 'disconnected' | 'active' | 'idle';

/**
 * The socket hub's side: each socket (any object) is one tab. A change is applied, then the member's
 * status now (over every process) goes to the company channel, so every open console updates.
 */
export function presenceTabs(presence: Presence, bus: Bus, onError: (err: unknown) => void) {
  let next = 0;
  const ids = new WeakMap<object, string>();
  return (socket: object, companyId: string | null, userId: string, change: PresenceChange) => {
    if (!companyId) return;
    let tab = ids.get(socket);
    if (!tab) {
      tab = String(++next);
      ids.set(socket, tab);
    }
    const apply =
      change === 'connected'
        ? presence.connected(companyId, userId, tab)
        : change === 'disconnected'
          ? presence.disconnected(companyId, userId, tab)
          : presence.activity(companyId, userId, tab, change === 'active');
    apply
      .then(() => presence.statuses(companyId, [userId]))
      .then((s) =>
        bus.publish(companyChannel(companyId), {
          type: 'presence_changed',
          userUuid: userId,
          status: s.get(userId) ?? 'offline',
        }),
      )
      .catch(onError);
  };
}
