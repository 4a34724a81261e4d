import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyPageKeys } from './get-company-pages';

export const deleteCompanyPage = (uuid: string, version: number) =>
  api<void>(`/api/company-pages/${uuid}`, { method: 'DELETE', query: { version } });

export const useDeleteCompanyPage = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, version }: { uuid: string; version: number }) => deleteCompanyPage(uuid, version),
    onSettled: () => void qc.invalidateQueries({ queryKey: companyPageKeys.all }),
  });
};
