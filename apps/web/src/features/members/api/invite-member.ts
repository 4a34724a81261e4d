import type { InvitationCreate } from '@wac/shared/schemas/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Silent: duplicate / already-member answers show inline in the dialog. */
export const inviteMember = (body: InvitationCreate) =>
  api<{ uuid: string }>('/api/invitations', { method: 'POST', body, silent: true });

export const useInviteMember = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['invitations'] }),
  });
};
