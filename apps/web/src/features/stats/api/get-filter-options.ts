import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface Named {
  data: Array<{ uuid: string; name: string }>;
}

/** The company's teams and departments for the filters (first 100 by name). */
export const useTeamOptions = () =>
  useQuery({
    queryKey: ['stats', 'options', 'teams'],
    queryFn: () => api<Named>('/api/teams', { query: { itemsPerPage: 100, sort: 'name' } }),
  });

export const useDepartmentOptions = () =>
  useQuery({
    queryKey: ['stats', 'options', 'departments'],
    queryFn: () => api<Named>('/api/departments', { query: { itemsPerPage: 100, sort: 'name' } }),
  });
