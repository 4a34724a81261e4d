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
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const ready = Promise.resolve();
  return {
    kind: 'memory',
    async publish(channel, message) {
      emitter.emit(channel, message, channel);
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
 */
export async function createRedisBus(opts: RedisBusOptions): Promise<Bus> {
  const prefix = opts.prefix ?? 'wac:';
  const onError = opts.onError ?? (() => {});
  const common = { maxRetriesPerRequest: 2, connectTimeout: 5_000, lazyConnect: true } as const;
  const pub = new Redis(opts.url, { ...common, connectionName: 'wac-pub' });
  const sub = new Redis(opts.url, { ...common, connectionName: 'wac-sub' });
  // Without listeners ioredis would throw connection errors as unhandled: report them, keep running.
  let firstError: Error | undefined;
  const report = (err: Error) => {
    firstError ??= err;
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

  const handlers = new Map<string, { set: Set<BusHandler>; ready: Promise<void> }>();
  sub.on('message', (redisChannel: string, data: string) => {
    if (!redisChannel.startsWith(prefix)) return;
    const channel = redisChannel.slice(prefix.length);
    const entry = handlers.get(channel);
    if (!entry) return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (!message || typeof message !== 'object' || !isMessageType((message as { type?: unknown }).type)) return;
    for (const handler of [...entry.set]) {
      try {
        handler(message as RealtimeMessage, channel);
      } catch (err) {
        onError(err as Error);
      }
    }
  });

  return {
    kind: 'redis',
    async publish(channel, message) {
      await pub.publish(prefix + channel, JSON.stringify(message));
    },
    subscribe(channel, handler) {
      let entry = handlers.get(channel);
      if (!entry) {
        const ready = sub.subscribe(prefix + channel).then(() => undefined);
        // A failed subscription is reported to whoever awaits `ready`; never an unhandled rejection.
        ready.catch(onError);
        entry = { set: new Set(), ready };
        handlers.set(channel, entry);
      }
      const current = entry;
      current.set.add(handler);
      const unsubscribe = () => {
        if (!current.set.delete(handler) || current.set.size > 0) return;
        if (handlers.get(channel) === current) {
          handlers.delete(channel);
          sub.unsubscribe(prefix + channel).catch(onError);
        }
      };
      return Object.assign(unsubscribe, { ready: current.ready });
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
