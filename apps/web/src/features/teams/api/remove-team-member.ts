import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const removeTeamMember = (uuid: string, userUuid: string) =>
  api<void>(`/api/teams/${uuid}/members/${userUuid}`, { method: 'DELETE' });

export const useRemoveTeamMember = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userUuid: string) => removeTeamMember(uuid, userUuid),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['teams'] }),
  });
};
