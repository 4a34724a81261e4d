import type { JobPageSchema } from '@wac/shared/schemas/jobs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type JobPage = z.infer<typeof JobPageSchema>;
export type Job = JobPage['data'][number];
type Query = Record<string, string | number | undefined>;

export const jobsKey = ['jobs', 'list'] as const;

export const getJobs = (query: Query) => api<JobPage>('/api/jobs', { query });

/** Jobs move on their own (the runner works when no one clicks): the list is read again every 5 s. */
export const useJobs = (query: Query) =>
  useQuery({
    queryKey: [...jobsKey, query],
    queryFn: () => getJobs(query),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
