import type { SessionUser } from '@wac/shared/schemas/auth';
import { useSyncExternalStore } from 'react';
import type { Profile } from './start';

export type SessionStatus = 'loading' | 'signedOut' | 'redirecting' | 'error' | 'ready';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  profiles: Profile[];
  current: Profile | null;
  /** The current membership or company is disabled: the full-page notice shows. */
  disabled: boolean;
  /** A message for the sign-in screen (e.g. an expired sign-in link). */
  notice: string | null;
  /** A super admin in a company he is no member of (decision 012): its console, read-only unless `write`. */
  visiting: { write: boolean } | null;
  /** The session start was answered 503 and is asking again: the spinner says so. */
  retrying: boolean;
}

const initial: SessionState = {
  status: 'loading',
  user: null,
  profiles: [],
  current: null,
  disabled: false,
  notice: null,
  visiting: null,
  retrying: false,
};

let state: SessionState = initial;
// The access token is held in memory only, never in storage: a script injected in the page cannot find it there.
let accessToken: string | null = null;
const listeners = new Set<(s: SessionState) => void>();

export const sessionStore = {
  get: () => state,
  set(next: Partial<SessionState>) {
    state = { ...state, ...next };
    for (const l of listeners) l(state);
  },
  reset(next: Partial<SessionState> = {}) {
    accessToken = null;
    sessionStore.set({ ...initial, ...next });
  },
  /** Real-time and other infrastructure observe the session here. */
  subscribe(listener: (s: SessionState) => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const getAccessToken = () => accessToken;
export const setAccessToken = (token: string | null) => {
  accessToken = token;
};
export const isSignedIn = () => state.status === 'ready' || (state.status !== 'signedOut' && accessToken !== null);

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
