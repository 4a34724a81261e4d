import type { TeamMemberPageSchema } from '@wac/shared/schemas/teams';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type TeamMemberPage = z.infer<typeof TeamMemberPageSchema>;

export const getTeamMembers = (uuid: string, page: number) =>
  api<TeamMemberPage>(`/api/teams/${uuid}/members`, { query: { page } });

export const useTeamMembers = (uuid: string, page: number) =>
  useQuery({
    queryKey: ['teams', 'members', uuid, page],
    queryFn: () => getTeamMembers(uuid, page),
    placeholderData: keepPreviousData,
  });
