import { QueryClient } from '@tanstack/react-query';
import { isOutage } from './api-client';
import { sessionStore } from './session/store';

/**
 * While the service is away, a screen's reads ask again this often. Not the server's Retry-After
 * (5 s): a read that failed just before the database came back waited the whole 5 s and then its
 * own answer, so a screen opened up to ~5.5 s after the return (4.5 s measured); the promise is 5 s.
 */
export const OUTAGE_RETRY_MS = 4_000;
/** …for this many tries (5 minutes); past them the screen waits for a navigation, as after any failure. */
const OUTAGE_TRIES = 75;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failures, error) => (isOutage(error) ? failures < OUTAGE_TRIES : failures < 1),
      // A request wrong in itself is asked once more, after a second.
      retryDelay: (_, error) => (isOutage(error) ? OUTAGE_RETRY_MS : 1000),
      refetchOnWindowFocus: false,
    },
    // A write is never repeated by itself: the user sees the error and decides.
    mutations: { retry: false },
  },
});

/**
 * Whether a screen's read is waiting for the service to come back: failed for an outage and asked
 * again (ServiceBanner says so for as long as it lasts). The outage toast stands 3 s; without this
 * the rest of a cut was a screen saying "Loading…" or grey placeholders, and nothing else.
 */
export function readsWaitingOnService(client: QueryClient): boolean {
  return client
    .getQueryCache()
    .getAll()
    .some(
      (q) => q.state.fetchStatus !== 'idle' && q.state.fetchFailureCount > 0 && isOutage(q.state.fetchFailureReason),
    );
}

// Signed out: nothing of the previous user stays cached. (This module is loaded with the console
// chunk, not by the sign-in screens, so the session clears the cache through this subscription.)
sessionStore.subscribe((s) => {
  if (s.status === 'signedOut') queryClient.clear();
});
