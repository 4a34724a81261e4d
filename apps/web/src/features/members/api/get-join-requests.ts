import type { JoinRequestPageSchema } from '@wac/shared/schemas/join-requests';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type JoinRequestPage = z.infer<typeof JoinRequestPageSchema>;

export const getJoinRequests = (page: number) =>
  api<JoinRequestPage>('/api/join-requests', { query: { page, status: 'pending' } });

export const useJoinRequests = (page: number) =>
  useQuery({
    queryKey: ['join-requests', page],
    queryFn: () => getJoinRequests(page),
    placeholderData: keepPreviousData,
  });
