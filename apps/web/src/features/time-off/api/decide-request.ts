import type { TimeOffRequest } from '@wac/shared/schemas/time-off';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { timeOffKeys } from './get-balances';

export const decideRequest = ({ uuid, approve, comment }: { uuid: string; approve: boolean; comment?: string }) =>
  api<TimeOffRequest>(`/api/time-off/requests/${uuid}/${approve ? 'approve' : 'decline'}`, {
    method: 'POST',
    body: comment ? { comment } : {},
  });

export const useDecideRequest = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: decideRequest,
    onSuccess: () => qc.invalidateQueries({ queryKey: timeOffKeys.all }),
  });
};
