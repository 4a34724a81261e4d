import type { Correction, CorrectionRequest } from '@wac/shared/schemas/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { correctionKeys } from './get-corrections';

export const requestCorrection = (body: CorrectionRequest) =>
  api<Correction>('/api/attendance/me/corrections', { method: 'POST', body, silent: true });

export const useRequestCorrection = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestCorrection,
    onSuccess: () => qc.invalidateQueries({ queryKey: correctionKeys.all }),
  });
};
