import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The toast chunk cannot be fetched for its first two asks (the server is being restarted).
const chunk = vi.hoisted(() => ({ failures: 2 }));
vi.mock('@mantine/notifications', async (original) => {
  if (chunk.failures > 0) {
    chunk.failures -= 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return original();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts while the toast chunk cannot be fetched', () => {
  it('keep the console on screen and show once the chunk arrives', async () => {
    const { ToastHost, toast, TOASTER_RETRY_MS } = await import('./notify');
    render(
      <MantineProvider>
        <main>the console</main>
        <ToastHost position="bottom-right" />
      </MantineProvider>,
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => toast('danger', 'The service is briefly unavailable.'));
    // Before: a failed React.lazy threw at the root and React unmounted everything.
    expect(screen.getByText('the console')).toBeTruthy();
    for (let i = 0; i < 3 && !screen.queryByText('The service is briefly unavailable.'); i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(TOASTER_RETRY_MS);
      });
    }
    expect(chunk.failures).toBe(0);
    expect(await screen.findByText('The service is briefly unavailable.')).toBeTruthy();
    expect(screen.getByText('the console')).toBeTruthy();
  });
});
