import type { CompanyCreateSchema, CompanyCreatedSchema } from '@wac/shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const createCompany = (body: z.output<typeof CompanyCreateSchema>) =>
  api<z.infer<typeof CompanyCreatedSchema>>('/api/companies', { method: 'POST', body, silent: true });

export const useCreateCompany = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCompany, onSuccess: () => qc.invalidateQueries({ queryKey: ['companies'] }) });
};
