import { companyChannel, REALTIME_PATH, userChannel } from '@wac/shared/realtime';
import type { RealtimeTicket } from '@wac/shared/schemas/realtime';
import { api } from '../api';
import { queryClient } from '../query-client';
import { logout, reloadProfiles, reloadUser } from '../session/session';
import { type SessionState, sessionStore } from '../session/store';
import { RealtimeClient, type RealtimeStatus } from './realtime-client';
import { useRealtimeStatus } from './use-realtime';

/** The tab's one socket; constructing it connects nothing (bindRealtimeToSession starts it). */
export const realtime = new RealtimeClient({
  getTicket: () => api<RealtimeTicket>(`${REALTIME_PATH}/ticket`, { method: 'POST', silent: true }),
  onLoggedOut: () => void logout({ silent: true }),
});

const refetchLists = () => void queryClient.invalidateQueries();

/**
 * Runs the socket while a session is ready and routes messages to the session and the query
 * cache. Call once at start-up; it returns the function that undoes it.
 */
export function bindRealtimeToSession(): () => void {
  let userUuid = '';
  let companyKey = '';
  let offUser: Array<() => void> = [];
  let offCompany: (() => void) | null = null;

  const handlers = [
    realtime.on('user_profile_updated', () => void reloadUser()),
    // A membership added or removed changes the token's company claims: renew it before the
    // profiles, or the fresh profile set differs from the stale claims and the start logs out.
    realtime.on('membership_updated', () => void reloadUser()),
    realtime.on('company_updated', () => void reloadProfiles()),
    // Open lists refetch when another admin changes the data behind them.
    realtime.on('listing_changed', refetchLists),
    realtime.on('join_request_created', refetchLists),
    realtime.on('join_request_responded', refetchLists),
    realtime.on('invitation_updated', refetchLists),
  ];

  const leave = () => {
    offCompany?.();
    offCompany = null;
    companyKey = '';
    for (const off of offUser) off();
    offUser = [];
    userUuid = '';
  };

  const sync = (s: SessionState) => {
    if (s.status !== 'ready' || !s.user) {
      if (userUuid) leave();
      if (realtime.status !== 'closed') realtime.stop();
      return;
    }
    if (s.user.uuid !== userUuid) {
      leave();
      userUuid = s.user.uuid;
      offUser = [realtime.subscribe(userChannel(userUuid))];
    }
    // The company channel follows the current company while usable (the server refuses it otherwise).
    const c = s.current;
    const wanted = c?.enabled && c.company.enabled ? companyChannel(c.company.uuid) : '';
    if (wanted !== companyKey) {
      offCompany?.();
      offCompany = wanted ? realtime.subscribe(wanted) : null;
      companyKey = wanted;
    }
    if (realtime.status === 'closed') realtime.start();
  };

  sync(sessionStore.get());
  const unsubscribe = sessionStore.subscribe(sync);
  return () => {
    unsubscribe();
    for (const off of handlers) off();
    leave();
    realtime.stop();
  };
}

/** The socket's status for the discreet "reconnecting" indicator ('closed' when signed out). */
export function useRealtimeConnection(): RealtimeStatus {
  return useRealtimeStatus(realtime);
}
