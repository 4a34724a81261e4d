import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { onToast, type ToastRequest } from '../notify';
import { queryClient } from '../query-client';
import type { RealtimeStatus } from './realtime-client';
import type { SessionState } from '../session/store';
import { refetchAfterReconnect, refetchWhatWasMissed, socketWanted, tellRequester } from './realtime-session';

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

describe('the socket opening again after a drop', () => {
  it('reads the open lists again, but not on the first open nor after a stop', () => {
    const listeners = new Set<(s: RealtimeStatus) => void>();
    const client = {
      status: 'closed' as RealtimeStatus,
      onStatus(l: (s: RealtimeStatus) => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
    const emit = (s: RealtimeStatus) => {
      client.status = s;
      for (const l of listeners) l(s);
    };
    let refetched = 0;
    const off = refetchAfterReconnect(client, () => refetched++);
    emit('connecting');
    emit('open');
    expect(refetched).toBe(0);
    emit('reconnecting');
    emit('reconnecting');
    emit('open');
    expect(refetched).toBe(1);
    emit('closed');
    emit('connecting');
    emit('open');
    expect(refetched).toBe(1);
    off();
    emit('reconnecting');
    emit('open');
    expect(refetched).toBe(1);
  });
});

describe('a channel held after the tab read its data', () => {
  it('reads again what began before the channel’s last change, and nothing when the change is older', async () => {
    const cache = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetches: Record<string, number> = { early: 0, late: 0 };
    const watch = (key: string) =>
      new QueryObserver(cache, {
        queryKey: [key],
        queryFn: async () => {
          fetches[key] = (fetches[key] ?? 0) + 1;
          return fetches[key];
        },
      }).subscribe(() => {});
    const held = new Set<(channel: string, at: number | null) => void>();
    const client = {
      onSubscribed(l: (channel: string, at: number | null) => void) {
        held.add(l);
        return () => held.delete(l);
      },
    };
    const hold = async (at: number | null) => {
      for (const l of held) l('/company/c/events', at);
      await new Promise((r) => setTimeout(r, 20));
    };
    const off = refetchWhatWasMissed(client, cache);
    const stopEarly = watch('early');
    await new Promise((r) => setTimeout(r, 30));
    const changedAt = Date.now();
    await new Promise((r) => setTimeout(r, 1_100));
    const stopLate = watch('late');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetches).toEqual({ early: 1, late: 1 });

    // Nothing changed, or long before anything was read: nothing is read twice.
    await hold(null);
    await hold(changedAt - 60_000);
    expect(fetches).toEqual({ early: 1, late: 1 });
    // A change after 'early' began (and more than the slack before 'late' began): 'early' alone again.
    await hold(changedAt);
    expect(fetches).toEqual({ early: 2, late: 1 });
    off();
    await hold(Date.now());
    expect(fetches).toEqual({ early: 2, late: 1 });
    stopEarly();
    stopLate();
    cache.clear();
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
