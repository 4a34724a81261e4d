import type { TimeOffRequestPageSchema } from '@wac/shared/schemas/time-off';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { timeOffKeys } from './get-balances';

export type TimeOffRequestPage = z.infer<typeof TimeOffRequestPageSchema>;
type Query = Record<string, string | number | undefined>;

/** The signed-in person's requests, latest start first. */
export const getRequests = (query: Query) => api<TimeOffRequestPage>('/api/time-off/requests', { query });

export const useRequests = (query: Query) =>
  useQuery({
    queryKey: timeOffKeys.requests(query),
    queryFn: () => getRequests(query),
    placeholderData: keepPreviousData,
  });
