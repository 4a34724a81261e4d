import type { CompanyPage, CompanyPageUpdateSchema } from '@wac/shared/schemas/company-pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { companyPageKeys } from './get-company-pages';

export const updateCompanyPage = (uuid: string, body: z.input<typeof CompanyPageUpdateSchema>) =>
  api<CompanyPage>(`/api/company-pages/${uuid}`, { method: 'PATCH', body, silent: true });

export const useUpdateCompanyPage = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CompanyPageUpdateSchema>) => updateCompanyPage(uuid, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: companyPageKeys.all }),
  });
};
