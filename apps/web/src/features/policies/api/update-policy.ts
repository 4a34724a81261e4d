import type { Policy, PolicyUpdateSchema } from '@wac/shared/schemas/policies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { policyKeys } from './get-policies';

export const updatePolicy = (uuid: string, body: z.output<typeof PolicyUpdateSchema>) =>
  api<Policy>(`/api/policies/${uuid}`, { method: 'PATCH', body, silent: true });

export const useUpdatePolicy = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof PolicyUpdateSchema>) => updatePolicy(uuid, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: policyKeys.all }),
  });
};
