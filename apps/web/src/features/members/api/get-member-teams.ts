import type { MemberTeamsSchema } from '@wac/shared/schemas/members';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const getMemberTeams = (uuid: string) => api<z.infer<typeof MemberTeamsSchema>>(`/api/members/${uuid}/teams`);

export const useMemberTeams = (uuid: string) =>
  useQuery({ queryKey: ['members', 'teams', uuid], queryFn: () => getMemberTeams(uuid) });
