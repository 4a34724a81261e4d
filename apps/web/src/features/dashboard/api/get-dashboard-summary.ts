import type { DashboardSummarySchema } from '@wac/shared/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** Figures of the current company (the Host's), for the dashboard cards and the first-run checklist. */
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

export const getDashboardSummary = () => api<DashboardSummary>('/api/dashboard/summary', { silent: true });

export const dashboardSummaryQuery = (companyUuid: string) =>
  queryOptions({ queryKey: ['dashboard', 'summary', companyUuid], queryFn: getDashboardSummary });

export const useDashboardSummary = (companyUuid: string) => useQuery(dashboardSummaryQuery(companyUuid));
