import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Company } from './get-companies';

export const getCompany = (uuid: string) => api<Company>(`/api/companies/${uuid}`);

export const useCompany = (uuid: string) =>
  useQuery({ queryKey: ['companies', 'one', uuid], queryFn: () => getCompany(uuid) });
