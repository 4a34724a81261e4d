import { act, render, screen } from '@testing-library/react';
import { Component, type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

function deferred() {
  let resolve!: (m: { default: typeof Counter }) => void;
  const promise = new Promise<{ default: typeof Counter }>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function Parent({ Screen }: { Screen: ComponentType<{ label: string }> }) {
  const [label, setLabel] = useState('a');
  return (
    <>
      <button type="button" onClick={() => setLabel('b')}>
        relabel
      </button>
      <Suspense fallback={<p>waiting</p>}>
        <Screen label={label} />
      </Suspense>
    </>
  );
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>broken</p> : this.props.children;
  }
}

describe('preloadable', () => {
  it('renders a preloaded chunk at once, without the fallback', async () => {
    const Screen = preloadable(() => Promise.resolve({ default: Counter }));
    await Screen.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Screen label="teams" />
      </Suspense>,
    );
    // Synchronously: no suspension, so React has no reveal to hold back.
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByRole('button').textContent).toBe('teams 0');
  });

  it('suspends until a chunk not yet loaded arrives, then keeps its state across renders', async () => {
    const chunk = deferred();
    const Screen = preloadable(() => chunk.promise);
    render(<Parent Screen={Screen} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => chunk.resolve({ default: Counter }));
    const counter = await screen.findByText('a 0');
    act(() => counter.click());
    expect(screen.getByText('a 1')).toBeTruthy();
    // The parent renders again: the same component instance, its count kept (no remount).
    act(() => screen.getByText('relabel').click());
    expect(screen.getByText('b 1')).toBeTruthy();
  });

  it('asks for a failed chunk again on the next preload', async () => {
    let calls = 0;
    const Screen = preloadable(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Counter });
    });
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    expect(calls).toBe(2);
    render(<Screen label="again" />);
    expect(screen.getByRole('button').textContent).toBe('again 0');
  });

  it('a screen whose chunk failed while rendering asks for it again when it is shown next (no reload)', async () => {
    let offline = true;
    const Screen = preloadable(() =>
      offline ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Counter }),
    );
    const onError = (e: ErrorEvent) => e.preventDefault();
    window.addEventListener('error', onError);
    const first = render(
      <Boundary>
        <Suspense fallback={<p>waiting</p>}>
          <Screen label="first" />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByText('broken')).toBeTruthy();
    first.unmount();
    window.removeEventListener('error', onError);
    offline = false;
    render(
      <Boundary>
        <Suspense fallback={<p>waiting</p>}>
          <Screen label="second" />
        </Suspense>
      </Boundary>,
    );
    expect((await screen.findByRole('button')).textContent).toBe('second 0');
  });
});
