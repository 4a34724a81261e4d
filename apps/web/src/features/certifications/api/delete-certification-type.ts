import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { certificationKeys } from './get-certification-types';

/** Deletes a type with every record of it (the version guards against deleting what someone just changed). */
export const deleteCertificationType = (uuid: string, version: number) =>
  api<void>(`/api/certification-types/${uuid}`, { method: 'DELETE', query: { version } });

export const useDeleteCertificationType = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, version }: { uuid: string; version: number }) => deleteCertificationType(uuid, version),
    // Marked stale, not refetched here: the screen of the deleted type would ask for it again (a 404).
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: certificationKeys.all, refetchType: 'none' });
    },
  });
};
