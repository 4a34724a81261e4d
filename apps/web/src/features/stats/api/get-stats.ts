import type { StatsAnswer, StatsRange } from '@wac/shared/schemas/stats';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface StatsFilters {
  range: StatsRange;
  from?: string;
  to?: string;
  team?: string;
  department?: string;
}

export const getStats = (q: StatsFilters) => api<StatsAnswer>('/api/stats', { query: { ...q } });

export const statsQuery = (q: StatsFilters) =>
  queryOptions({ queryKey: ['stats', q], queryFn: () => getStats(q), placeholderData: keepPreviousData });

/** Custom ranges wait for both dates. */
export const useStats = (q: StatsFilters) =>
  useQuery({ ...statsQuery(q), enabled: q.range !== 'custom' || (!!q.from && !!q.to) });
