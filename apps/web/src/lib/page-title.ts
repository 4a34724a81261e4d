import { BRAND } from '@wac/shared/constants';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NAV_ITEMS } from '../app/navigation';
import { useSession } from './session/store';

/**
 * The browser tab says where one is: `Users · Acme Corp`. An area's screens get their menu
 * label for free (the longest menu path the URL starts with); a screen about one thing names it
 * with `useScreenTitle(name)` (`Bob Brown · Acme Corp`); other screens pass their heading.
 */
let screenTitle: string | null = null;
const listeners = new Set<() => void>();
const setScreenTitle = (title: string | null) => {
  screenTitle = title;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/** A screen's own title, while it is shown (its heading or the name of what it shows). */
export function useScreenTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    setScreenTitle(title);
    return () => setScreenTitle(null);
  }, [title]);
}

export const titleOf = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/** Kept by the console layout: the screen's title, or its area's menu label, then the company. */
export function usePageTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { current } = useSession();
  const own = useSyncExternalStore(subscribe, () => screenTitle);
  const area = [...NAV_ITEMS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((item) =>
      item.path === '/' ? pathname === '/' : pathname === item.path || pathname.startsWith(`${item.path}/`),
    );
  const title = titleOf([own ?? (area ? t(area.labelKey) : null), current?.company.name ?? BRAND]);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
