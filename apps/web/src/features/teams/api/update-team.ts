import type { Team, TeamUpdateSchema } from '@wac/shared/schemas/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const updateTeam = (uuid: string, body: z.output<typeof TeamUpdateSchema>) =>
  api<Team>(`/api/teams/${uuid}`, { method: 'PATCH', body, silent: true });

export const useUpdateTeam = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof TeamUpdateSchema>) => updateTeam(uuid, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['teams'] }),
  });
};
