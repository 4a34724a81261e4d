import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { certificationKeys } from './get-certification-types';

/** From now on the member's uploaded certificate counts. */
export const approveSubmission = (recordUuid: string) =>
  api<void>(`/api/certification-records/${recordUuid}/approve`, { method: 'POST' });

export const useApproveSubmission = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: approveSubmission,
    onSettled: () => void qc.invalidateQueries({ queryKey: certificationKeys.all }),
  });
};
