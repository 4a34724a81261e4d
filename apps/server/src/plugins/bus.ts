import { EventEmitter } from 'node:events';
import type { RealtimeMessage } from '@wac/shared/realtime';

/**
 * The real-time backplane: publish a message on a channel, every process's subscribers get it.
 * In-process by default; the Redis implementation (REDIS_URL) has the same shape.
 */
export interface Bus {
  publish(channel: string, message: RealtimeMessage): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, handler: (message: RealtimeMessage, channel: string) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message, channel);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
