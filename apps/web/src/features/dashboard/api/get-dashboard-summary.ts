import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Figures of the current company (the Host's), for the dashboard cards. */
export interface DashboardSummary {
  members: number;
  admins: number;
  teams: number;
  disabledMembers: number;
}

export const getDashboardSummary = () => api<DashboardSummary>('/api/dashboard/summary', { silent: true });

export const dashboardSummaryQuery = (companyUuid: string) =>
  queryOptions({ queryKey: ['dashboard', 'summary', companyUuid], queryFn: getDashboardSummary });

export const useDashboardSummary = (companyUuid: string) => useQuery(dashboardSummaryQuery(companyUuid));
