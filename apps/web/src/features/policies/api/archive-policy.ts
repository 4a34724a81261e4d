import type { Policy } from '@wac/shared/schemas/policies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { policyKeys } from './get-policies';

export const archivePolicy = ({ uuid, version }: { uuid: string; version: number }) =>
  api<Policy>(`/api/policies/${uuid}/archive`, { method: 'POST', body: { version } });

export const useArchivePolicy = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: archivePolicy,
    onSuccess: () => qc.invalidateQueries({ queryKey: policyKeys.all }),
  });
};
