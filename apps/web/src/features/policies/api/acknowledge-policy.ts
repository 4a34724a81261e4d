import type { PolicyAcknowledge } from '@wac/shared/schemas/policies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { policyKeys } from './get-policies';

/** "I acknowledge": the version read and the hash of the content shown. */
export const acknowledgePolicy = (uuid: string, body: PolicyAcknowledge) =>
  api<{ uuid: string }>(`/api/my-policies/${uuid}/acknowledge`, { method: 'POST', body });

export const useAcknowledgePolicy = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PolicyAcknowledge) => acknowledgePolicy(uuid, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: policyKeys.all }),
  });
};
