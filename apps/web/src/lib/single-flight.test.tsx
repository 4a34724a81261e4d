import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from './single-flight';

describe('useSingleFlight', () => {
  it('runs an action once however often it is clicked while running, and again once it ended', async () => {
    let calls = 0;
    let finish: () => void = () => undefined;
    const { result } = renderHook(() =>
      useSingleFlight(() => {
        calls++;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      }),
    );
    result.current();
    result.current();
    result.current();
    expect(calls).toBe(1);
    finish();
    await new Promise((r) => setTimeout(r, 0));
    result.current();
    expect(calls).toBe(2);
  });

  it('swallows a failure (already shown by the API client) and lets the next click run', async () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useSingleFlight(async () => {
        calls++;
        throw new Error('refused');
      }),
    );
    result.current();
    await new Promise((r) => setTimeout(r, 0));
    result.current();
    expect(calls).toBe(2);
  });
});
