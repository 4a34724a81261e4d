import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

export interface TableStateOptions<S extends string, F extends string> {
  defaultSort: S;
  defaultOrder?: SortOrder;
  sorts: readonly S[];
  filters?: readonly F[];
  /** Keeps two listings on one screen apart in the query string (e.g. `inv.` for invitations). */
  prefix?: string;
}

export interface TableState<S extends string, F extends string> {
  page: number;
  search: string;
  sort: S;
  order: SortOrder;
  filters: Partial<Record<F, string>>;
  setPage: (page: number) => void;
  setSearch: (search: string) => void;
  toggleSort: (sort: S) => void;
  setSort: (sort: S, order: SortOrder) => void;
  setFilter: (key: F, value: string | null) => void;
  /** Back to the whole listing (what an empty search offers). */
  clearSearchAndFilters: () => void;
  /** The listing query for the api layer: only what differs from the server defaults is sent. */
  query: Record<string, string | number | undefined>;
}

/**
 * A listing's page, search, sort, order and filters, held in the page's query string so that a
 * copied link reopens the same view. Any change but paging goes back to page 1.
 */
export function useTableState<S extends string, F extends string = never>(
  options: TableStateOptions<S, F>,
): TableState<S, F> {
  const [params, setParams] = useSearchParams();
  const p = options.prefix ?? '';
  const defaultOrder = options.defaultOrder ?? 'asc';

  const page = Math.max(1, Number.parseInt(params.get(`${p}page`) ?? '1', 10) || 1);
  const search = params.get(`${p}search`) ?? '';
  const rawSort = params.get(`${p}sort`);
  const sort = (options.sorts as readonly string[]).includes(rawSort ?? '') ? (rawSort as S) : options.defaultSort;
  const rawOrder = params.get(`${p}order`);
  const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : defaultOrder;
  const filterKeys = options.filters ?? [];
  const filterString = filterKeys.map((k) => `${k}=${params.get(`${p}${k}`) ?? ''}`).join('&');

  // biome-ignore lint/correctness/useExhaustiveDependencies: filterString captures the filter values
  const filters = useMemo(() => {
    const out: Partial<Record<F, string>> = {};
    for (const k of filterKeys) {
      const v = params.get(`${p}${k}`);
      if (v) out[k] = v;
    }
    return out;
  }, [filterString]);

  const update = useCallback(
    (changes: Record<string, string | null>, resetPage: boolean) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(`${p}${k}`);
            else next.set(`${p}${k}`, v);
          }
          if (resetPage) next.delete(`${p}page`);
          return next;
        },
        { replace: false },
      );
    },
    [setParams, p],
  );

  return {
    page,
    search,
    sort,
    order,
    filters,
    setPage: (n) => update({ page: n === 1 ? null : String(n) }, false),
    setSearch: (s) => update({ search: s.trim() || null }, true),
    toggleSort: (s) => {
      const nextOrder: SortOrder = s === sort ? (order === 'asc' ? 'desc' : 'asc') : 'asc';
      update({ sort: s, order: nextOrder }, true);
    },
    setSort: (s, o) => update({ sort: s, order: o }, true),
    setFilter: (k, v) => update({ [k]: v }, true),
    clearSearchAndFilters: () =>
      update(Object.fromEntries([['search', null], ...filterKeys.map((k) => [k, null])]), true),
    query: {
      page,
      search: search || undefined,
      sort,
      order,
      ...filters,
    },
  };
}
