import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { certificationKeys } from './get-certification-types';

/** Deletes a record entered by mistake; the person's previous record, if any, counts again. */
export const deleteCertificationRecord = (uuid: string) =>
  api<void>(`/api/certification-records/${uuid}`, { method: 'DELETE' });

export const useDeleteCertificationRecord = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => deleteCertificationRecord(uuid),
    onSettled: () => void qc.invalidateQueries({ queryKey: certificationKeys.all }),
  });
};
