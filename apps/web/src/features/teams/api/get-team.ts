import type { Team } from '@wac/shared/schemas/teams';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getTeam = (uuid: string) => api<Team>(`/api/teams/${uuid}`);

export const useTeam = (uuid: string) => useQuery({ queryKey: ['teams', 'one', uuid], queryFn: () => getTeam(uuid) });
