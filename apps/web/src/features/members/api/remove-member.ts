import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const removeMember = (uuid: string, version: number) =>
  api<void>(`/api/members/${uuid}`, { method: 'DELETE', query: { version } });

export const useRemoveMember = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, version }: { uuid: string; version: number }) => removeMember(uuid, version),
    // Once removed, the member's own reads (his page, teams, sessions, still on screen until the
    // navigation) would only answer 404s, each toasted: the lists refresh, his own reads do not.
    onSettled: (_data, error, { uuid }) =>
      qc.invalidateQueries({ queryKey: ['members'], predicate: (q) => error !== null || !q.queryKey.includes(uuid) }),
  });
};
