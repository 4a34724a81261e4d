import { type ComponentProps, type ComponentType, createElement, lazy, useState } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: as React.lazy, any component's props
type AnyComponent = ComponentType<any>;

export type Preloadable<T extends AnyComponent> = ComponentType<ComponentProps<T>> & {
  preload: () => Promise<unknown>;
};

/**
 * A component in its own chunk, like `React.lazy`, that can be fetched before it is rendered and
 * then renders at once. `React.lazy` suspends on its first render even when its chunk has already
 * arrived, and React 19 holds the content of a Suspense boundary back for up to 300 ms after its
 * fallback appeared: on every full load of a console address that wait came before the screen
 * could even ask for its data (layout, guard and screen, one after the other). The router starts
 * the chunks of the address it opens on while the session starts (`preloadRoute`).
 */
export function preloadable<T extends AnyComponent>(load: () => Promise<{ default: T }>): Preloadable<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m.default;
      },
      (e: unknown) => {
        // A chunk that failed (offline, a new deployment) is asked for again next time.
        pending = undefined;
        throw e;
      },
    );
    return pending;
  };
  // `React.lazy` remembers a failed import for good: after a chunk that could not be fetched (an
  // outage, a deployment), the next mount gets a fresh one and asks again.
  const makeLazy = () =>
    lazy(() =>
      preload().then(
        (c) => ({ default: c }),
        (e: unknown) => {
          Lazy = makeLazy();
          throw e;
        },
      ),
    );
  let Lazy = makeLazy();
  // Chosen once per mount, so that a screen that came through the lazy path keeps it (switching the
  // element's type would remount it and lose its state).
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chunk at module level, as React.lazy
  const Component = (props: ComponentProps<T>) => {
    const [direct] = useState(() => loaded);
    return createElement(direct ?? Lazy, props);
  };
  return Object.assign(Component, { preload });
}
