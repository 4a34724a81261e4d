import { LISTING_PAGE_SIZE } from '@wac/shared/constants';
import { AUTH_PATHS, type SessionInfo } from '@wac/shared/schemas/auth';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface SessionPage {
  data: SessionInfo[];
  page: number;
  itemsPerPage: number;
  totalItems: number;
}

export const getSessions = (page: number) =>
  api<SessionPage>(AUTH_PATHS.sessions, { query: { page, itemsPerPage: LISTING_PAGE_SIZE } });

export const sessionsQuery = (page: number) =>
  queryOptions({
    queryKey: ['auth', 'sessions', page],
    queryFn: () => getSessions(page),
    placeholderData: keepPreviousData,
  });

export const useSessions = (page: number) => useQuery(sessionsQuery(page));
