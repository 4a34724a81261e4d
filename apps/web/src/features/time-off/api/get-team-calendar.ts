import type { TeamCalendarSchema } from '@wac/shared/schemas/time-off';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { timeOffKeys } from './get-balances';

export type TeamCalendar = z.infer<typeof TeamCalendarSchema>;
type Query = Record<string, string | number | undefined>;

/** Who is off in a month, a page of people at a time. */
export const getTeamCalendar = (query: Query) => api<TeamCalendar>('/api/time-off/calendar', { query });

export const useTeamCalendar = (query: Query, enabled = true) =>
  useQuery({
    queryKey: timeOffKeys.calendar(query),
    queryFn: () => getTeamCalendar(query),
    placeholderData: keepPreviousData,
    enabled,
  });

type Named = { uuid: string; name: string };

/** The teams and departments the calendar filters by (a company has a bounded number of each). */
export const getCalendarFilters = async () => {
  const [teams, departments] = await Promise.all([
    api<{ data: Named[] }>('/api/teams', { query: { itemsPerPage: 100, sort: 'name' }, silent: true }).catch(() => ({
      data: [] as Named[],
    })),
    api<{ data: Named[] }>('/api/departments/tree', { silent: true }),
  ]);
  return { teams: teams.data, departments: departments.data };
};

export const useCalendarFilters = (enabled = true) =>
  useQuery({ queryKey: timeOffKeys.filters, queryFn: getCalendarFilters, enabled, staleTime: 60_000 });
