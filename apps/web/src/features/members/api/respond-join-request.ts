import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const respondJoinRequest = (uuid: string, decision: 'accept' | 'decline') =>
  api<unknown>(`/api/join-requests/${uuid}/respond`, { method: 'POST', body: { decision } });

export const useRespondJoinRequest = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, decision }: { uuid: string; decision: 'accept' | 'decline' }) =>
      respondJoinRequest(uuid, decision),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['join-requests'] });
      void qc.invalidateQueries({ queryKey: ['members'] });
    },
  });
};
