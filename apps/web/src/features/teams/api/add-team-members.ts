import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const addTeamMembers = (uuid: string, uuids: string[]) =>
  api<unknown>(`/api/teams/${uuid}/members`, { method: 'POST', body: { uuids } });

export const useAddTeamMembers = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (uuids: string[]) => addTeamMembers(uuid, uuids),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['teams'] }),
  });
};
