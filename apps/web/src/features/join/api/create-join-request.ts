import type { JoinRequestCreateSchema } from '@wac/shared/schemas/join-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const createJoinRequest = (body: z.output<typeof JoinRequestCreateSchema>) =>
  api<unknown>('/api/join-requests', { method: 'POST', body, silent: true });

export const useCreateJoinRequest = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createJoinRequest,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['join-requests', 'mine'] }),
  });
};
