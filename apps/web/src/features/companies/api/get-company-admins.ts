import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { CompanyUserPage } from './get-company-users';

export const getCompanyAdmins = (uuid: string) =>
  api<CompanyUserPage>(`/api/companies/${uuid}/admins`, { query: { itemsPerPage: 50 } });

export const useCompanyAdmins = (uuid: string) =>
  useQuery({ queryKey: ['companies', 'admins', uuid], queryFn: () => getCompanyAdmins(uuid) });
