import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const deleteTeam = (uuid: string, version: number) =>
  api<void>(`/api/teams/${uuid}`, { method: 'DELETE', query: { version } });

export const useDeleteTeam = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, version }: { uuid: string; version: number }) => deleteTeam(uuid, version),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['teams'] }),
  });
};
