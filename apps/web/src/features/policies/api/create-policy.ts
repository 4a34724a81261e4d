import type { Policy, PolicyCreateSchema } from '@wac/shared/schemas/policies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { policyKeys } from './get-policies';

export const createPolicy = (body: z.output<typeof PolicyCreateSchema>) =>
  api<Policy>('/api/policies', { method: 'POST', body, silent: true });

export const useCreatePolicy = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createPolicy, onSuccess: () => qc.invalidateQueries({ queryKey: policyKeys.all }) });
};
