import type { Policy, PolicyPublish } from '@wac/shared/schemas/policies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { policyKeys } from './get-policies';

export const publishPolicy = (uuid: string, body: PolicyPublish) =>
  api<Policy>(`/api/policies/${uuid}/publish`, { method: 'POST', body });

export const usePublishPolicy = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PolicyPublish) => publishPolicy(uuid, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: policyKeys.all }),
  });
};
