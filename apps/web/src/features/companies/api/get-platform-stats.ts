import type { PlatformStats } from '@wac/shared/schemas/companies';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getPlatformStats = () => api<PlatformStats>('/api/companies/stats');

export const usePlatformStats = () => useQuery({ queryKey: ['companies', 'stats'], queryFn: getPlatformStats });
