import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { onToast, type ToastRequest } from '../notify';
import { queryClient } from '../query-client';
import type { RealtimeStatus } from './realtime-client';
import type { SessionState } from '../session/store';
import {
  CATCH_UP_SETTLE_MS,
  catchUpAfterGaps,
  rereadPresenceWhenHeld,
  socketWanted,
  tellRequester,
} from './realtime-session';

const REQUEST = '77777777-7777-4777-8777-777777777777';

describe('a join request answered while the requester is signed in', () => {
  afterEach(async () => {
    queryClient.clear();
    await setLanguage('en', false);
  });

  it('tells them at once, naming the company, in their language', async () => {
    const toasts: ToastRequest[] = [];
    const stop = onToast((t) => toasts.push(t));
    queryClient.setQueryData(['join-requests', 'mine', 1], {
      data: [{ uuid: REQUEST, company: { name: 'Globex' } }],
    });
    tellRequester({ type: 'join_request_responded', channel: '', joinRequestUuid: REQUEST, status: 'accepted' });
    await setLanguage('fr', false);
    tellRequester({ type: 'join_request_responded', channel: '', joinRequestUuid: REQUEST, status: 'declined' });
    // A request not in view: still told, without the name.
    tellRequester({ type: 'join_request_responded', channel: '', joinRequestUuid: 'other', status: 'declined' });
    stop();
    expect(toasts.map((t) => [t.color, t.message])).toEqual([
      ['green', 'Globex accepted your request to join. You can open it now.'],
      ['yellow', 'Globex a refusé votre demande d’adhésion.'],
      ['yellow', 'Une entreprise a refusé votre demande d’adhésion.'],
    ]);
  });
});

/** A socket's statuses and 'subscribed' frames, driven by the test. */
function fakeSocket() {
  const statusListeners = new Set<(s: RealtimeStatus) => void>();
  const held = new Set<(channel: string, at: number | null) => void>();
  const client = {
    status: 'closed' as RealtimeStatus,
    onStatus(l: (s: RealtimeStatus) => void) {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    onSubscribed(l: (channel: string, at: number | null) => void) {
      held.add(l);
      return () => held.delete(l);
    },
  };
  return {
    client,
    emit(s: RealtimeStatus) {
      client.status = s;
      for (const l of statusListeners) l(s);
    },
    hold(channel: string, at: number | null) {
      for (const l of held) l(channel, at);
    },
  };
}

/** A cache with observed queries that count their fetches. */
function countingCache() {
  const cache = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetches: Record<string, number> = {};
  const stops: Array<() => void> = [];
  return {
    cache,
    fetches,
    watch(key: string, ms = 0) {
      stops.push(
        new QueryObserver(cache, {
          queryKey: [key],
          queryFn: async () => {
            await sleep(ms);
            fetches[key] = (fetches[key] ?? 0) + 1;
            return fetches[key];
          },
        }).subscribe(() => {}),
      );
    },
    stop() {
      for (const s of stops) s();
      cache.clear();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Past the burst's settling time, and the refetches it started. */
const settled = () => sleep(CATCH_UP_SETTLE_MS + 60);
/**
 * The counts reach `expected` (however loaded the machine), and stay there past another settling
 * time: no second read follows.
 */
async function fetchedSoon(fetches: Record<string, number>, expected: Record<string, number>) {
  await vi.waitFor(() => expect(fetches).toEqual(expected), { timeout: 5_000 });
  await settled();
  expect(fetches).toEqual(expected);
}

describe('the socket opening again after a drop', () => {
  it('reads the open lists again, but not on the first open nor after a stop', async () => {
    const socket = fakeSocket();
    const lists = countingCache();
    const off = catchUpAfterGaps(socket.client, lists.cache);
    lists.watch('members');
    await sleep(20);
    socket.emit('connecting');
    socket.emit('open');
    await fetchedSoon(lists.fetches, { members: 1 });
    socket.emit('reconnecting');
    socket.emit('reconnecting');
    socket.emit('open');
    await fetchedSoon(lists.fetches, { members: 2 });
    socket.emit('closed');
    socket.emit('connecting');
    socket.emit('open');
    await fetchedSoon(lists.fetches, { members: 2 });
    off();
    socket.emit('reconnecting');
    socket.emit('open');
    await fetchedSoon(lists.fetches, { members: 2 });
    lists.stop();
  });

  it('reads each list once when its channels then say they changed just before', async () => {
    const socket = fakeSocket();
    const lists = countingCache();
    const off = catchUpAfterGaps(socket.client, lists.cache);
    // A slow list: read one by one, the second ask would cancel its refetch and start another.
    lists.watch('members', 40);
    lists.watch('teams');
    socket.emit('connecting');
    socket.emit('open');
    await fetchedSoon(lists.fetches, { members: 1, teams: 1 });

    // A server restart: the socket opens again, then each channel is held, the company's having
    // changed a moment ago (the reconnecting person's own change, say).
    socket.emit('reconnecting');
    socket.emit('open');
    await sleep(15);
    socket.hold('/user/u/events', null);
    socket.hold('/company/c/events', Date.now() - 200);
    await fetchedSoon(lists.fetches, { members: 2, teams: 2 });

    // The server's Redis back after an outage: every held channel is confirmed as changed now.
    socket.hold('/user/u/events', Date.now());
    socket.hold('/company/c/events', Date.now());
    await fetchedSoon(lists.fetches, { members: 3, teams: 3 });
    off();
    lists.stop();
  });
});

describe('a channel held after the tab read its data', () => {
  it('reads again what began before the channel’s last change, and nothing when the change is older', async () => {
    const socket = fakeSocket();
    const lists = countingCache();
    const missed: Array<[string, number]> = [];
    const off = catchUpAfterGaps(socket.client, lists.cache, (channel, before) => missed.push([channel, before]));
    const hold = async (at: number | null) => {
      socket.hold('/company/c/events', at);
      await settled();
    };
    lists.watch('early');
    await fetchedSoon(lists.fetches, { early: 1 });
    const changedAt = Date.now();
    await sleep(1_100);
    lists.watch('late');
    await fetchedSoon(lists.fetches, { early: 1, late: 1 });

    // Nothing changed, or long before anything was read: nothing is read twice.
    await hold(null);
    await hold(changedAt - 60_000);
    expect(lists.fetches).toEqual({ early: 1, late: 1 });
    // A change after 'early' began (and more than the slack before 'late' began): 'early' alone again.
    await hold(changedAt);
    await fetchedSoon(lists.fetches, { early: 2, late: 1 });
    expect(missed.map(([channel, before]) => [channel, before - changedAt])).toEqual([
      ['/company/c/events', -59_000],
      ['/company/c/events', 1_000],
    ]);
    off();
    await hold(Date.now());
    expect(lists.fetches).toEqual({ early: 2, late: 1 });
    lists.stop();
  });
});

describe("the presence shown, when this tab's socket holds its company channel", () => {
  it('is read again each time the company channel is held, not for the user channel', () => {
    const socket = fakeSocket();
    const asked: unknown[] = [];
    const off = rereadPresenceWhenHeld(socket.client, {
      invalidateQueries: (filters?: unknown) => {
        asked.push(filters);
        return Promise.resolve();
      },
    } as never);
    socket.hold('/user/77777777-7777-4777-8777-777777777777/message', null);
    expect(asked).toEqual([]);
    socket.hold('/company/77777777-7777-4777-8777-777777777777/events', null);
    socket.hold('/company/77777777-7777-4777-8777-777777777777/events', 1);
    expect(asked).toEqual([{ queryKey: ['presence'] }, { queryKey: ['presence'] }]);
    off();
    socket.hold('/company/77777777-7777-4777-8777-777777777777/events', null);
    expect(asked).toHaveLength(2);
  });
});

describe('where the socket is opened', () => {
  const profile = (subDomain: string, enabled = true) =>
    ({
      uuid: `p-${subDomain}`,
      enabled,
      roles: ['member'],
      company: { uuid: `c-${subDomain}`, subDomain, enabled },
    }) as unknown as SessionState['current'];
  const state = (over: Partial<SessionState>): SessionState => ({
    status: 'ready',
    user: { uuid: 'u' } as SessionState['user'],
    profiles: [],
    current: profile('acme'),
    disabled: false,
    notice: null,
    visiting: null,
    retrying: false,
    ...over,
  });

  it('on the own company’s host and on the base domain', () => {
    expect(socketWanted(state({}), { subDomain: 'acme' })).toBe(true);
    expect(socketWanted(state({}), { subDomain: null })).toBe(true);
  });

  it('not on an invitation of another company, nor signed out, nor disabled', () => {
    // Signed in as a member of globex, reading acme's invitation on acme's host: the server would refuse it (403).
    expect(socketWanted(state({ current: profile('globex') }), { subDomain: 'acme' })).toBe(false);
    expect(socketWanted(state({ status: 'signedOut', user: null, current: null }), { subDomain: 'acme' })).toBe(false);
    expect(socketWanted(state({ disabled: true }), { subDomain: 'acme' })).toBe(false);
  });
});
