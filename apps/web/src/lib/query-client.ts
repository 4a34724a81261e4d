import { QueryClient } from '@tanstack/react-query';
import { sessionStore } from './session/store';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// Signed out: nothing of the previous user stays cached. (This module is loaded with the console
// chunk, not by the sign-in screens, so the session clears the cache through this subscription.)
sessionStore.subscribe((s) => {
  if (s.status === 'signedOut') queryClient.clear();
});
