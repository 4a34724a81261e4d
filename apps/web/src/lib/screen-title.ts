import { useEffect } from 'react';

/**
 * A screen's own title for the browser tab (its heading, or the name of what it shows), kept apart
 * from `page-title.ts` so that screens on the sign-in path can set it without loading the menu.
 */
let screenTitle: string | null = null;
const listeners = new Set<() => void>();
const setScreenTitle = (title: string | null) => {
  screenTitle = title;
  for (const l of listeners) l();
};
export const subscribeScreenTitle = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
export const currentScreenTitle = () => screenTitle;

/** A screen's own title, while it is shown (its heading or the name of what it shows). */
export function useScreenTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    setScreenTitle(title);
    return () => setScreenTitle(null);
  }, [title]);
}
