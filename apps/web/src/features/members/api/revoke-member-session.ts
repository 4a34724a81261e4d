import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const revokeMemberSession = (uuid: string, sessionUuid: string) =>
  api<{ message: string }>(`/api/members/${uuid}/sessions/${sessionUuid}/revoke`, { method: 'POST' });

export const useRevokeMemberSession = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sessionUuid: string) => revokeMemberSession(uuid, sessionUuid),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['members', 'sessions', uuid] }),
  });
};
