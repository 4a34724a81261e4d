import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { onToast, type ToastRequest } from '../notify';
import { queryClient } from '../query-client';
import type { RealtimeStatus } from './realtime-client';
import { refetchAfterReconnect, tellRequester } from './realtime-session';

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
