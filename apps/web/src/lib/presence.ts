import type { ProductLinks } from '@wac/shared/schemas/search';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

export type PresenceStatus = 'online' | 'away' | 'busy' | 'offline';

/**
 * Presence of some members, kept live: the socket's `presence_changed` updates every cached
 * `['presence', …]` map that holds the member (lib/realtime/realtime-session.ts).
 */
export const presenceKeys = {
  all: ['presence'] as const,
  of: (uuids: string[]) => ['presence', [...uuids].sort().join(',')] as const,
};

export const usePresence = (uuids: string[]) =>
  useQuery({
    queryKey: presenceKeys.of(uuids),
    queryFn: () =>
      api<{ data: Record<string, PresenceStatus> }>('/api/presence', { query: { uuids: uuids.join(',') } }).then(
        (r) => r.data,
      ),
    enabled: uuids.length > 0,
    staleTime: 60_000,
  });

/** Sets my own presence to busy, or back to automatic. */
export const useSetMyPresence = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (status: 'busy' | 'auto') =>
      api<{ status: PresenceStatus }>('/api/presence', { method: 'PUT', body: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: presenceKeys.all }),
  });
};

/** A member's links into scheduling and video rooms, as their toggles allow. */
export const useProductLinks = (uuid: string | null) =>
  useQuery({
    queryKey: ['product-links', uuid],
    queryFn: () => api<ProductLinks>(`/api/product-links/${uuid}`),
    enabled: !!uuid,
    staleTime: 60_000,
  });
