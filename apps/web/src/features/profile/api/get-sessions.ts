import { AUTH_PATHS, type SessionInfo } from '@wac/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getSessions = () => api<{ data: SessionInfo[] }>(AUTH_PATHS.sessions);

export const sessionsQuery = () => queryOptions({ queryKey: ['auth', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQuery());
