import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const resendInvitation = (uuid: string) => api<unknown>(`/api/invitations/${uuid}/resend`, { method: 'POST' });

export const useResendInvitation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => void qc.invalidateQueries({ queryKey: ['invitations'] }),
  });
};
