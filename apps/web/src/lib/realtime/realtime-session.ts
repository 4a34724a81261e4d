import type { Query, QueryClient } from '@tanstack/react-query';
import { companyChannel, REALTIME_PATH, type RealtimeMessage, userChannel } from '@wac/shared/realtime';
import type { RealtimeTicket } from '@wac/shared/schemas/realtime';
import { api } from '../api';
import { currentHost, type PageHost } from '../host';
import { i18n } from '../i18n';
import { notify } from '../notify';
import { presenceKeys } from '../presence';
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

type MyRequests = { data: { uuid: string; company: { name: string } }[] };

/** The requester hears at once that their request to join was answered (the list refreshes too). */
export function tellRequester(message: RealtimeMessage) {
  refetchLists();
  const uuid = message.joinRequestUuid;
  const company = queryClient
    .getQueriesData<MyRequests>({ queryKey: ['join-requests', 'mine'] })
    .flatMap(([, page]) => page?.data ?? [])
    .find((r) => r.uuid === uuid)?.company.name;
  const accepted = message.status === 'accepted';
  const text = company
    ? i18n.t(accepted ? 'admin:join.answeredAccepted' : 'admin:join.answeredDeclined', { company })
    : i18n.t(accepted ? 'admin:join.answeredAcceptedSome' : 'admin:join.answeredDeclinedSome');
  if (accepted) notify.success(text);
  else notify.warning(text);
}

/** Slack for the tab's clock moving (the way from the server only makes an event seem later). */
const MISSED_SLACK_MS = 1_000;
/**
 * How long a catch-up waits for the rest of its burst: the frames confirming each channel after a
 * reconnect, or every channel confirmed at once when the server's Redis is back.
 */
export const CATCH_UP_SETTLE_MS = 250;

/**
 * What a tab may have missed is read again, once per burst.
 * - When the socket opens again after a drop (a server restart, a network change), what was
 *   published meanwhile never arrives: every open query reads again. Not on the first open: the
 *   page read its data just before.
 * - When a channel is held, a change published before that never arrives as a message: every query
 *   whose last fetch began before the channel's last change (as the server reports it) reads again.
 *   A page opened long after the last change reads nothing twice.
 * Both come in bursts (a reconnect, then a frame per channel; a frame per channel when the server's
 * Redis is back): what the burst asks within CATCH_UP_SETTLE_MS is read in one go. Read one by
 * one, the second would find every list's refetch just begun within the slack of its change, cancel
 * it and read it again: each tab would read everything twice after every blip.
 */
export function catchUpAfterGaps(
  client: Pick<RealtimeClient, 'onStatus' | 'status' | 'onSubscribed'>,
  cache: Pick<QueryClient, 'getQueryCache' | 'invalidateQueries'>,
  /** Also told of each change (the time before which a read missed it), for what is read outside the cache. */
  onMissed?: (channel: string, before: number) => void,
): () => void {
  const started = new WeakMap<Query, number>();
  const offCache = cache.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'fetch') started.set(e.query, Date.now());
  });
  /** Queries whose fetch began before this read again at the burst's end (+∞: all of them). */
  let before = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const limit = before;
    before = Number.NEGATIVE_INFINITY;
    void cache.invalidateQueries(
      limit === Number.POSITIVE_INFINITY
        ? undefined
        : { predicate: (q) => (started.get(q) ?? (q.state.dataUpdatedAt || Number.POSITIVE_INFINITY)) < limit },
    );
  };
  const want = (limit: number) => {
    before = Math.max(before, limit);
    timer ??= setTimeout(flush, CATCH_UP_SETTLE_MS);
  };
  let previous = client.status;
  const offStatus = client.onStatus((status) => {
    if (status === 'open' && previous === 'reconnecting') want(Number.POSITIVE_INFINITY);
    previous = status;
  });
  const offClient = client.onSubscribed((channel, lastEventAt) => {
    if (lastEventAt === null) return;
    const limit = lastEventAt + MISSED_SLACK_MS;
    want(limit);
    onMissed?.(channel, limit);
  });
  return () => {
    clearTimeout(timer);
    timer = undefined;
    offCache();
    offStatus();
    offClient();
  };
}

/**
 * This tab's own socket makes its person online before it holds the company channel, so that
 * channel's 'presence_changed' never reaches the tab (its user menu said "Offline", and so did the
 * person's row in the members list): each time a company channel is held (again, after a
 * reconnect), the presence shown is read again.
 */
export function rereadPresenceWhenHeld(
  client: Pick<RealtimeClient, 'onSubscribed'>,
  cache: Pick<QueryClient, 'invalidateQueries'>,
): () => void {
  return client.onSubscribed((channel) => {
    if (channel.startsWith('/company/')) void cache.invalidateQueries({ queryKey: presenceKeys.all });
  });
}

/** How long reading a session (renewing its token, its companies) may take before it is ready. */
const SESSION_READ_MS = 10_000;

/**
 * Whether this page may hold the socket: a ready, usable session whose company is this page's
 * (or any, on the base domain). An invitation's page is on the inviting company's sub-domain and
 * may be read signed in as someone who is no member there: the server refuses that socket (403 on
 * the upgrade, which a browser reports only as a dropped connection), so it is not opened at all.
 */
export function socketWanted(s: SessionState, host: Pick<PageHost, 'subDomain'>): boolean {
  // A disabled member's socket is refused by the server, as every route refuses him.
  if (s.status !== 'ready' || !s.user || s.disabled) return false;
  return host.subDomain === null || s.current?.company.subDomain === host.subDomain;
}

/**
 * Runs the socket while a session is ready and routes messages to the session and the query
 * cache. Call once at start-up; it returns the function that undoes it.
 */
export function bindRealtimeToSession(): () => void {
  let userUuid = '';
  let companyKey = '';
  let offUser: Array<() => void> = [];
  let offCompany: (() => void) | null = null;
  /** When this tab's session was last read as a whole (its roles and companies), less the time that takes. */
  let sessionReadFrom = 0;
  const rereadSession = () => {
    sessionReadFrom = Date.now();
    return reloadUser();
  };

  const handlers = [
    realtime.on('user_profile_updated', () => void rereadSession()),
    // A membership added or removed changes the token's company claims: renew it before the
    // profiles, or the fresh profile set differs from the stale claims and the start logs out.
    realtime.on('membership_updated', () => void rereadSession()),
    realtime.on('company_updated', () => void reloadProfiles()),
    // Open lists refetch when another admin changes the data behind them.
    realtime.on('listing_changed', refetchLists),
    realtime.on('join_request_created', refetchLists),
    realtime.on('join_request_responded', tellRequester),
    realtime.on('invitation_updated', refetchLists),
    // A visitor wrote from a company page: the received messages refresh, and a toast says who.
    realtime.on('page_message', (m) => {
      void queryClient.invalidateQueries({ queryKey: ['page-messages'] });
      const sender = (m.message as { senderName?: string } | undefined)?.senderName ?? '';
      notify.info(i18n.t('admin:pageMessages.arrived', { name: sender }));
    }),
    // Presence shown anywhere (member lists, company pages) follows the member's new status.
    realtime.on('presence_changed', (m) => {
      queryClient.setQueriesData<Record<string, string>>({ queryKey: ['presence'] }, (old) =>
        old && typeof m.userUuid === 'string' && m.userUuid in old ? { ...old, [m.userUuid]: String(m.status) } : old,
      );
    }),
    // The forgotten clock-out job closed one of the person's entries: tell them, so they can review it.
    realtime.on('attendance_auto_closed', () => {
      refetchLists();
      notify.warning(i18n.t('admin:attendance.autoClosedToast'));
    }),
    // A request asked, decided or cancelled: balances, approvals and the menu's count refetch.
    realtime.on('time_off_changed', refetchLists),
    rereadPresenceWhenHeld(realtime, queryClient),
    // A change on the user's own channel (a role, a membership) before the socket held it: read the session again.
    catchUpAfterGaps(realtime, queryClient, (channel, before) => {
      if (channel === userChannel(userUuid) && before > sessionReadFrom) void rereadSession();
    }),
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
    if (!socketWanted(s, currentHost()) || !s.user) {
      if (userUuid) leave();
      if (realtime.status !== 'closed') realtime.stop();
      return;
    }
    if (s.user.uuid !== userUuid) {
      leave();
      sessionReadFrom = Date.now() - SESSION_READ_MS;
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
  const stopIdle = watchIdle();
  return () => {
    stopIdle();
    unsubscribe();
    for (const off of handlers) off();
    leave();
    realtime.stop();
  };
}

/** After this long without input the tab reports itself idle (presence "away" once all tabs are). */
const IDLE_MS = 5 * 60_000;

function watchIdle(): () => void {
  if (typeof window === 'undefined') return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const active = () => {
    realtime.activity(true);
    clearTimeout(timer);
    timer = setTimeout(() => realtime.activity(false), IDLE_MS);
  };
  const events = ['pointerdown', 'keydown', 'pointermove', 'wheel', 'focus'] as const;
  let last = 0;
  // Pointer moves come in floods: one reset a second is plenty.
  const onEvent = () => {
    const now = Date.now();
    if (now - last < 1_000) return;
    last = now;
    active();
  };
  for (const e of events) window.addEventListener(e, onEvent, { passive: true });
  active();
  return () => {
    clearTimeout(timer);
    for (const e of events) window.removeEventListener(e, onEvent);
  };
}

/** The socket's status for the discreet "reconnecting" indicator ('closed' when signed out). */
export function useRealtimeConnection(): RealtimeStatus {
  return useRealtimeStatus(realtime);
}
