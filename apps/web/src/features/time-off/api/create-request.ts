import type { TimeOffRequest, TimeOffRequestCreate } from '@wac/shared/schemas/time-off';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { timeOffKeys } from './get-balances';

export const createRequest = (body: TimeOffRequestCreate) =>
  api<TimeOffRequest>('/api/time-off/requests', { method: 'POST', body, silent: true });

export const useCreateRequest = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: () => qc.invalidateQueries({ queryKey: timeOffKeys.all }),
  });
};
