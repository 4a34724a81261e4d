import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

type Named = { uuid: string; name: string };

/** The teams and departments the day board filters by (a company has a bounded number of each). */
export const getBoardFilters = async () => {
  const [teams, departments] = await Promise.all([
    api<{ data: Named[] }>('/api/teams', { query: { itemsPerPage: 100, sort: 'name' }, silent: true }).catch(() => ({
      data: [] as Named[],
    })),
    api<{ data: Named[] }>('/api/departments/tree', { silent: true }).catch(() => ({ data: [] as Named[] })),
  ]);
  return { teams: teams.data, departments: departments.data };
};

export const boardFiltersQuery = () =>
  queryOptions({ queryKey: ['attendance', 'board-filters'], queryFn: getBoardFilters, staleTime: 60_000 });

export const useBoardFilters = () => useQuery(boardFiltersQuery());
