import { AUTH_PATHS } from '@wac/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const revokeSession = (uuid: string) =>
  api<{ ok: true; message?: string }>(`${AUTH_PATHS.sessions}/${uuid}`, { method: 'DELETE' });

export const useRevokeSession = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => void qc.invalidateQueries({ queryKey: ['auth', 'sessions'] }),
  });
};
