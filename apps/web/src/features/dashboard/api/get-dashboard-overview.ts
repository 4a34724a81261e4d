import type { DashboardOverview } from '@wac/shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * What needs attention today (attendance counts, approvals waiting, the compliance backlog), only
 * the sections the caller may act on. Real-time messages refetch it with every open query.
 */
export const getDashboardOverview = () => api<DashboardOverview>('/api/dashboard/overview', { silent: true });

export const useDashboardOverview = (companyUuid: string) =>
  useQuery({ queryKey: ['dashboard', 'overview', companyUuid], queryFn: getDashboardOverview, enabled: !!companyUuid });
