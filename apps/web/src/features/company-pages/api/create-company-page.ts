import type { CompanyPage, CompanyPageCreateSchema } from '@wac/shared/schemas/company-pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { companyPageKeys } from './get-company-pages';

export const createCompanyPage = (body: z.input<typeof CompanyPageCreateSchema>) =>
  api<CompanyPage>('/api/company-pages', { method: 'POST', body, silent: true });

export const useCreateCompanyPage = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCompanyPage,
    onSuccess: () => qc.invalidateQueries({ queryKey: companyPageKeys.all }),
  });
};
