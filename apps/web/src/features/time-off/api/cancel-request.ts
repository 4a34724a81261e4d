import type { TimeOffRequest } from '@wac/shared/schemas/time-off';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { timeOffKeys } from './get-balances';

export const cancelRequest = (uuid: string) =>
  api<TimeOffRequest>(`/api/time-off/requests/${uuid}/cancel`, { method: 'POST' });

export const useCancelRequest = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelRequest,
    onSuccess: () => qc.invalidateQueries({ queryKey: timeOffKeys.all }),
  });
};
