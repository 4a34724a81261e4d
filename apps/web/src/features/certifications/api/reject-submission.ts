import type { CertificationReject } from '@wac/shared/schemas/certifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { certificationKeys } from './get-certification-types';

/** Rejects a member's uploaded certificate with the reason they will read. */
export const rejectSubmission = (recordUuid: string, body: CertificationReject) =>
  api<void>(`/api/certification-records/${recordUuid}/reject`, { method: 'POST', body, silent: true });

export const useRejectSubmission = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, reason }: { uuid: string; reason: string }) => rejectSubmission(uuid, { reason }),
    onSettled: () => void qc.invalidateQueries({ queryKey: certificationKeys.all }),
  });
};
