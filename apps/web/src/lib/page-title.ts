import { BRAND } from '@wac/shared/constants';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NAV_ITEMS } from '../app/navigation';
import { currentScreenTitle, subscribeScreenTitle } from './screen-title';
import { useSession } from './session/store';

export { useScreenTitle } from './screen-title';

/**
 * The browser tab says where one is: `Users · Acme Corp`. An area's screens get their menu
 * label for free (the longest menu path the URL starts with); a screen about one thing names it
 * with `useScreenTitle(name)` (`Bob Brown · Acme Corp`); other screens pass their heading.
 */
export const titleOf = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/** Kept by the console layout: the screen's title, or its area's menu label, then the company. */
export function usePageTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { current } = useSession();
  const own = useSyncExternalStore(subscribeScreenTitle, currentScreenTitle);
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
