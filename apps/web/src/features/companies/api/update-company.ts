import type { CompanyUpdateSchema } from '@wac/shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import type { Company } from './get-companies';

export type CompanyUpdate = z.output<typeof CompanyUpdateSchema>;

export const updateCompany = (uuid: string, body: CompanyUpdate) =>
  api<Company>(`/api/companies/${uuid}`, { method: 'PATCH', body, silent: true });

export const useUpdateCompany = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyUpdate) => updateCompany(uuid, body),
    onSuccess: (c) => qc.setQueryData(['companies', 'one', uuid], c),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['companies', 'list'] }),
  });
};
