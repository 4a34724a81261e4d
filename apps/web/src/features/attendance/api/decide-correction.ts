import type { Correction } from '@wac/shared/schemas/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type Decision = 'approve' | 'decline';

export const decideCorrection = ({ uuid, decision, comment }: { uuid: string; decision: Decision; comment?: string }) =>
  api<Correction>(`/api/attendance/corrections/${uuid}/${decision}`, {
    method: 'POST',
    body: comment ? { comment } : {},
    silent: true,
  });

export const useDecideCorrection = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: decideCorrection,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['attendance'] }),
  });
};
