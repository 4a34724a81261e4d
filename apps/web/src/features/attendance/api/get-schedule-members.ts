import type { ScheduleMemberPageSchema } from '@wac/shared/schemas/attendance';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const SCHEDULE_MEMBERS_PAGE = 20;

export const scheduleMemberKeys = {
  all: ['attendance', 'schedule-members'] as const,
  of: (uuid: string, page: number) => ['attendance', 'schedule-members', uuid, page] as const,
};

/** The people following a schedule on the company's today, a page in name order. */
export const getScheduleMembers = (uuid: string, page: number) =>
  api<z.infer<typeof ScheduleMemberPageSchema>>(`/api/attendance/schedules/${uuid}/members`, {
    query: { page, itemsPerPage: SCHEDULE_MEMBERS_PAGE },
  });

export const scheduleMembersQuery = (uuid: string, page: number) =>
  queryOptions({
    queryKey: scheduleMemberKeys.of(uuid, page),
    queryFn: () => getScheduleMembers(uuid, page),
    placeholderData: keepPreviousData,
  });

export const useScheduleMembers = (uuid: string | null, page: number) =>
  useQuery({ ...scheduleMembersQuery(uuid ?? '', page), enabled: !!uuid });
