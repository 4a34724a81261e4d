import type { Team, TeamCreateSchema } from '@wac/shared/schemas/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const createTeam = (body: z.output<typeof TeamCreateSchema>) =>
  api<Team>('/api/teams', { method: 'POST', body, silent: true });

export const useCreateTeam = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeam, onSuccess: () => qc.invalidateQueries({ queryKey: ['teams'] }) });
};
