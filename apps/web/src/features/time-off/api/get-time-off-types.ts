import type { TimeOffTypePageSchema } from '@wac/shared/schemas/time-off-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type TimeOffTypePage = z.infer<typeof TimeOffTypePageSchema>;
type Query = Record<string, string | number | undefined>;

/** The query keys of time off types: mutations invalidate through them, never through string literals. */
export const timeOffTypeKeys = {
  all: ['time-off-types'] as const,
  list: (query: Query) => ['time-off-types', 'list', query] as const,
};

export const getTimeOffTypes = (query: Query) => api<TimeOffTypePage>('/api/time-off-types', { query });

export const useTimeOffTypes = (query: Query) =>
  useQuery({
    queryKey: timeOffTypeKeys.list(query),
    queryFn: () => getTimeOffTypes(query),
    placeholderData: keepPreviousData,
  });
