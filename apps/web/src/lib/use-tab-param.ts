import { useSearchParams } from 'react-router';

/**
 * A screen's chosen tab kept in the address (`?tab=…`, the first tab without it): a reload, Back or
 * a shared link opens the same tab. An unknown value opens the first tab.
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]!;
  const asked = params.get('tab');
  const tab = asked && (tabs as readonly string[]).includes(asked) ? (asked as T) : first;
  const setTab = (value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value && value !== first) next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
  return [tab, setTab];
}
