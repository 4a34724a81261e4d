import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { OUTAGE_RETRY_MS, queryClient } from './query-client';

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

/** A screen's read, observed as a mounted screen observes it, answered by `answers` in turn. */
function screenRead(key: string, answers: Array<ApiError | 'ok'>) {
  let calls = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: [key],
    queryFn: async () => {
      const answer = answers[Math.min(calls++, answers.length - 1)];
      if (answer instanceof ApiError) throw answer;
      return { people: 3 };
    },
  });
  const off = observer.subscribe(() => {});
  return { observer, calls: () => calls, off };
}

const unavailable = () => new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service is briefly unavailable.');

describe('reads during an outage', () => {
  it('keep asking while the service is away and fill the screen when it is back', async () => {
    vi.useFakeTimers();
    const read = screenRead('outage', [
      unavailable(),
      unavailable(),
      unavailable(),
      new ApiError(0, 'NETWORK', ''),
      'ok',
    ]);
    // Twenty seconds of outage; then the next try is answered.
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(OUTAGE_RETRY_MS);
    expect(read.calls()).toBe(5);
    expect(read.observer.getCurrentResult().data).toEqual({ people: 3 });
    read.off();
  });

  it('fill the screen within 5 s of the service’s return, however the return falls between tries', async () => {
    vi.useFakeTimers();
    let back = false;
    let calls = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['return'],
      queryFn: async () => {
        calls++;
        if (!back) throw unavailable();
        return { people: 3 };
      },
    });
    const off = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(3 * OUTAGE_RETRY_MS);
    // The worst moment: the service returns just after a try failed.
    const failed = calls;
    await vi.advanceTimersByTimeAsync(1);
    back = true;
    expect(calls).toBe(failed);
    // Half a second left for the answer itself (a new connection to the database, the read).
    await vi.advanceTimersByTimeAsync(4_500);
    expect(observer.getCurrentResult().data).toEqual({ people: 3 });
    off();
  });

  it('keep asking for 5 minutes, then stop', async () => {
    vi.useFakeTimers();
    const read = screenRead('long', [unavailable()]);
    await vi.advanceTimersByTimeAsync(5 * 60_000 + OUTAGE_RETRY_MS);
    expect(read.calls()).toBeGreaterThanOrEqual((5 * 60 * 1000) / OUTAGE_RETRY_MS);
    expect(read.observer.getCurrentResult().status).toBe('error');
    const calls = read.calls();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read.calls()).toBe(calls);
    read.off();
  });

  it('give up on any other error after one retry, as before', async () => {
    vi.useFakeTimers();
    const read = screenRead('refused', [new ApiError(403, 'FORBIDDEN', 'No.')]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read.calls()).toBe(2);
    expect(read.observer.getCurrentResult().status).toBe('error');
    read.off();
  });
});
