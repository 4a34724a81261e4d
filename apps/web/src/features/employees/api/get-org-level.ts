import type { OrgNode } from '@wac/shared/schemas/employees';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeeKeys } from './get-employees';

export type OrgLevel = { data: OrgNode[]; hasMore: boolean };

/** People a level shows at first, and again at each "Show more". */
export const ORG_PAGE = 100;

/** One page of a level of the chart: the reports of a manager, or the top. */
export const getOrgLevel = (managerUuid: string | null, offset = 0) =>
  api<OrgLevel>('/api/employees/org-chart', {
    query: { ...(managerUuid ? { managerUuid } : {}), limit: ORG_PAGE, offset },
  });

/** A level of the chart, a page at a time (`fetchNextPage` is "Show more"). */
export const useOrgLevel = (managerUuid: string | null, enabled = true) =>
  useInfiniteQuery({
    queryKey: employeeKeys.org(managerUuid),
    queryFn: ({ pageParam }) => getOrgLevel(managerUuid, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: OrgLevel, pages: OrgLevel[]) =>
      last.hasMore ? pages.reduce((n, p) => n + p.data.length, 0) : undefined,
    enabled,
  });

/** The people of a level loaded so far, in the level's order. */
export const levelPeople = (data: InfiniteData<OrgLevel> | undefined): OrgNode[] =>
  data?.pages.flatMap((p) => p.data) ?? [];

/** The managers from the top down to a person. */
export const getOrgPath = (uuid: string) => api<{ data: OrgNode[] }>(`/api/employees/${uuid}/org-path`);
