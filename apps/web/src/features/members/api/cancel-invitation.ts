import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const cancelInvitation = (uuid: string) => api<void>(`/api/invitations/${uuid}`, { method: 'DELETE' });

export const useCancelInvitation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSettled: () => void qc.invalidateQueries({ queryKey: ['invitations'] }),
  });
};
