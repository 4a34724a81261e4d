import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const revokeMemberSessions = (uuid: string) =>
  api<{ message: string }>(`/api/members/${uuid}/sessions/revoke`, { method: 'POST' });

export const useRevokeMemberSessions = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => revokeMemberSessions(uuid),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['members', 'sessions', uuid] }),
  });
};
