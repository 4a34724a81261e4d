import type { SearchResult } from '@wac/shared/schemas/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The query keys of the navbar search; bookmark changes invalidate both through them. */
export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => ['search', 'q', q] as const,
  bookmarks: ['search', 'bookmarks'] as const,
};

export const getSearch = (q: string) => api<SearchResult>('/api/search', { query: { q } });

export const useSearch = (q: string) =>
  useQuery({
    queryKey: searchKeys.query(q),
    queryFn: () => getSearch(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
