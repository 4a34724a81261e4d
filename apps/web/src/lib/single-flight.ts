import { useCallback, useRef } from 'react';

/**
 * A button's action that runs once at a time: a second click while the first is still running (a
 * double click lands before the button can show it is busy) does nothing, rather than sending the
 * write twice ("Success!" beside "You have already acknowledged this version."). A failure was
 * already shown by the API client (its toast) or by the form; it is not thrown into the page.
 */
export function useSingleFlight<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const running = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  return useCallback((...args: A) => {
    if (running.current) return;
    running.current = true;
    latest
      .current(...args)
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
  }, []);
}
