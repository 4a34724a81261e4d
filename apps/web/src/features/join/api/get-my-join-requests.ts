import type { JoinRequestPageSchema } from '@wac/shared/schemas/join-requests';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const getMyJoinRequests = (page: number) =>
  api<z.infer<typeof JoinRequestPageSchema>>('/api/join-requests/mine', { query: { page } });

export const useMyJoinRequests = (page: number) =>
  useQuery({
    queryKey: ['join-requests', 'mine', page],
    queryFn: () => getMyJoinRequests(page),
    placeholderData: keepPreviousData,
  });
