import { EventEmitter } from 'node:events';
import { isMessageType, type RealtimeMessage } from '@wac/shared/realtime';
import { Redis } from 'ioredis';

export type BusHandler = (message: RealtimeMessage, channel: string) => void;

/** Stops a subscription; `ready` settles once messages on the channel are being received. */
export type Unsubscribe = (() => void) & { ready: Promise<void> };

/**
 * The real-time backplane: publish a message on a channel, every process's subscribers get it.
 * In-process by default; with REDIS_URL every process publishes and receives through Redis.
 */
export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: RealtimeMessage): Promise<void>;
  subscribe(channel: string, handler: BusHandler): Unsubscribe;
  /**
   * When the last message was published on the channel (ms since the epoch), by any process; null
   * when none is known (none in the last ten minutes, or none this process saw while Redis was away).
   */
  lastEventAt(channel: string): Promise<number | null>;
  /**
   * Redis only: `listener` runs each time the subscriber holds every wanted channel again after
   * losing Redis. What other processes published meanwhile never arrived here, and no one knows
   * what it was: the sockets of this process are told to read again (socket hub).
   */
  onResume?(listener: () => void): () => void;
  close(): Promise<void>;
  /** Resolves when the backplane answers (Redis PING); for readiness checks. */
  ping?(): Promise<void>;
  /** The Redis connection for commands (presence counts); absent in memory. */
  readonly client?: Redis;
}

/**
 * How long a channel's last publication is remembered. A tab's reads precede its socket's
 * subscriptions by seconds (a reconnect reads everything again anyway), and a short life keeps Redis
 * small: one key per channel that changed in the last ten minutes.
 */
export const LAST_EVENT_TTL_MS = 10 * 60 * 1000;

/** Presence is updated in place by its message and makes nothing a tab read stale: it is no change to catch up on. */
const changesData = (message: RealtimeMessage) => message.type !== 'presence_changed';

/**
 * The last publication time of each channel this process saw, oldest first (a channel seen again
 * moves to the end); forgotten after LAST_EVENT_TTL_MS, and beyond the 50,000 latest channels (a
 * forgotten channel answers null: its tabs catch up only on reconnecting, as before).
 */
function lastEvents(limit = 50_000) {
  const last = new Map<string, number>();
  return {
    seen(channel: string, at = Date.now()) {
      last.delete(channel);
      last.set(channel, at);
      for (const [c, t] of last) {
        if (last.size <= limit && t > at - LAST_EVENT_TTL_MS) break;
        last.delete(c);
      }
    },
    get(channel: string): number | null {
      const t = last.get(channel);
      return t !== undefined && t > Date.now() - LAST_EVENT_TTL_MS ? t : null;
    },
  };
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const ready = Promise.resolve();
  const last = lastEvents();
  return {
    kind: 'memory',
    async publish(channel, message) {
      if (changesData(message)) last.seen(channel);
      emitter.emit(channel, message, channel);
    },
    async lastEventAt(channel) {
      return last.get(channel);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return Object.assign(() => void emitter.off(channel, handler), { ready });
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export interface RedisBusOptions {
  url: string;
  /** Prepended to every Redis channel, so several installs (or test runs) can share one Redis. */
  prefix?: string;
  onError?: (err: Error) => void;
}

/**
 * Redis pub/sub: one publishing and one subscribing connection per process. Each bus channel is
 * one Redis channel, subscribed while at least one local handler wants it (ref-counted), so a
 * process only receives traffic for the users and companies it holds sockets for.
 *
 * Redis going away degrades, never fails: while either connection is down (or a publish fails),
 * messages are delivered to this process's own handlers only, and subscriptions are kept locally.
 * ioredis reconnects by itself; once the subscriber is back, every wanted channel is subscribed
 * again and cross-process delivery resumes.
 */
/**
 * Whether Redis at `url` answers a PING now (one connection, no retry): null if it does, else the
 * error. The server's start waits on it, as it waits for PostgreSQL.
 */
export async function redisUnreachable(url: string): Promise<Error | null> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  let first: Error | null = null;
  probe.on('error', (err: Error) => {
    first ??= err;
  });
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (err) {
    return first ?? (err as Error);
  } finally {
    probe.disconnect();
  }
}

export async function createRedisBus(opts: RedisBusOptions): Promise<Bus> {
  const prefix = opts.prefix ?? 'wac:';
  const onError = opts.onError ?? (() => {});
  const common = {
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    commandTimeout: 2_000,
    lazyConnect: true,
    // Re-subscribing is done below, for every channel wanted now (some were added while Redis was away).
    autoResubscribe: false,
    retryStrategy: (times: number) => Math.min(times * 100, 1_000),
  } as const;
  const pub = new Redis(opts.url, { ...common, connectionName: 'wac-pub' });
  const sub = new Redis(opts.url, { ...common, connectionName: 'wac-sub' });
  // Without listeners ioredis would throw connection errors as unhandled: report them (once per
  // outage, not once per reconnect attempt), keep running.
  let firstError: Error | undefined;
  let reported = false;
  const report = (err: Error) => {
    firstError ??= err;
    if (reported) return;
    reported = true;
    onError(err);
  };
  pub.on('error', report);
  sub.on('error', report);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(`Cannot connect to Redis at REDIS_URL: ${(firstError ?? (err as Error)).message}`);
  }

  const handlers = new Map<string, Set<BusHandler>>();
  // What this process published or received: the answer while Redis is away.
  const last = lastEvents();
  const lastKey = (channel: string) => `${prefix}last:${channel}`;
  /** True while the subscriber holds every wanted channel, so Redis delivery reaches this process too. */
  let subscribed = true;
  /** The subscriber was lost since it last held every channel: its return is a resume. */
  let lost = false;
  const resumeListeners = new Set<() => void>();

  const deliver = (channel: string, message: RealtimeMessage) => {
    const set = handlers.get(channel);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(message, channel);
      } catch (err) {
        onError(err as Error);
      }
    }
  };

  sub.on('message', (redisChannel: string, data: string) => {
    if (!redisChannel.startsWith(prefix)) return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (!message || typeof message !== 'object' || !isMessageType((message as { type?: unknown }).type)) return;
    const channel = redisChannel.slice(prefix.length);
    if (changesData(message as RealtimeMessage)) last.seen(channel);
    deliver(channel, message as RealtimeMessage);
  });
  sub.on('close', () => {
    subscribed = false;
    lost = true;
  });
  sub.on('ready', () => {
    const channels = [...handlers.keys()].map((c) => prefix + c);
    const done = channels.length ? sub.subscribe(...channels) : Promise.resolve();
    done.then(
      () => {
        if (sub.status !== 'ready') return;
        subscribed = true;
        reported = false;
        if (!lost) return;
        lost = false;
        for (const l of [...resumeListeners]) {
          try {
            l();
          } catch (err) {
            onError(err as Error);
          }
        }
      },
      (err: Error) => report(err),
    );
  });
  pub.on('ready', () => {
    reported = false;
  });

  const redisUp = () => subscribed && pub.status === 'ready' && sub.status === 'ready';

  return {
    kind: 'redis',
    client: pub,
    async ping() {
      await pub.ping();
    },
    async publish(channel, message) {
      const now = Date.now();
      const marks = changesData(message);
      if (marks) last.seen(channel, now);
      if (redisUp()) {
        try {
          // The time first, then the message, in one round trip: a socket that subscribes in between
          // either gets the message or reads the time (decision 004, "what a new subscriber missed").
          const batch = pub.pipeline();
          if (marks) batch.set(lastKey(channel), String(now), 'PX', LAST_EVENT_TTL_MS);
          const results = await batch.publish(prefix + channel, JSON.stringify(message)).exec();
          const failed = results?.find(([err]) => err)?.[0];
          if (!failed) return;
          report(failed);
        } catch (err) {
          report(err as Error);
        }
      }
      deliver(channel, message);
    },
    onResume(listener) {
      resumeListeners.add(listener);
      return () => void resumeListeners.delete(listener);
    },
    async lastEventAt(channel) {
      const here = last.get(channel);
      if (!redisUp()) return here;
      try {
        const stored = Number(await pub.get(lastKey(channel)));
        return stored > 0 ? Math.max(stored, here ?? 0) : here;
      } catch (err) {
        report(err as Error);
        return here;
      }
    },
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      let ready = Promise.resolve();
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        // While Redis is away the channel is only wanted; it is subscribed when the subscriber is back.
        if (sub.status === 'ready') {
          ready = sub.subscribe(prefix + channel).then(
            () => undefined,
            (err: Error) => report(err),
          );
        }
      }
      const current = set;
      current.add(handler);
      const unsubscribe = () => {
        if (!current.delete(handler) || current.size > 0) return;
        if (handlers.get(channel) === current) {
          handlers.delete(channel);
          if (sub.status === 'ready') sub.unsubscribe(prefix + channel).catch(report);
        }
      };
      return Object.assign(unsubscribe, { ready });
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
