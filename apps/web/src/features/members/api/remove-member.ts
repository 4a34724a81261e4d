import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const removeMember = (uuid: string, version: number) =>
  api<void>(`/api/members/${uuid}`, { method: 'DELETE', query: { version } });

export const useRemoveMember = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, version }: { uuid: string; version: number }) => removeMember(uuid, version),
    onSettled: () => qc.invalidateQueries({ queryKey: ['members'] }),
  });
};
