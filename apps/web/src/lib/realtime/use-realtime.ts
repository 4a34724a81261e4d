import type { MessageType } from '@wac/shared/realtime';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { RealtimeClient, RealtimeEvent, RealtimeStatus } from './realtime-client';

/** The socket status, for a discreet "reconnecting" indicator. */
export function useRealtimeStatus(client: RealtimeClient | null): RealtimeStatus {
  return useSyncExternalStore(
    (notify) => (client ? client.onStatus(notify) : () => {}),
    () => client?.status ?? 'closed',
    () => 'closed',
  );
}

/**
 * Subscribes to `channel` while the component is mounted (null: nothing) and calls `handler` for
 * its messages, optionally only for some types. The latest handler is used without resubscribing.
 */
export function useRealtime(
  client: RealtimeClient | null,
  channel: string | null,
  handler: (event: RealtimeEvent) => void,
  types?: readonly MessageType[],
) {
  const latest = useRef(handler);
  latest.current = handler;
  const typeKey = types?.join(',') ?? '';
  useEffect(() => {
    if (!client || !channel) return;
    const wanted = typeKey ? new Set(typeKey.split(',')) : null;
    return client.subscribe(channel, (event) => {
      if (!wanted || wanted.has(event.type)) latest.current(event);
    });
  }, [client, channel, typeKey]);
}
