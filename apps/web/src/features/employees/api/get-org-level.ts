import type { OrgNode } from '@wac/shared/schemas/employees';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeeKeys } from './get-employees';

export type OrgLevel = { data: OrgNode[]; hasMore: boolean };

/** One level of the chart: the reports of a manager, or the top. */
export const getOrgLevel = (managerUuid: string | null) =>
  api<OrgLevel>('/api/employees/org-chart', { query: managerUuid ? { managerUuid } : {} });

export const useOrgLevel = (managerUuid: string | null, enabled = true) =>
  useQuery({ queryKey: employeeKeys.org(managerUuid), queryFn: () => getOrgLevel(managerUuid), enabled });

/** The managers from the top down to a person. */
export const getOrgPath = (uuid: string) => api<{ data: OrgNode[] }>(`/api/employees/${uuid}/org-path`);
