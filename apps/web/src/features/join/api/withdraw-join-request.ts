import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const withdrawJoinRequest = (uuid: string) =>
  api<unknown>(`/api/join-requests/${uuid}/withdraw`, { method: 'POST' });

export const useWithdrawJoinRequest = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: withdrawJoinRequest,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['join-requests', 'mine'] }),
  });
};
