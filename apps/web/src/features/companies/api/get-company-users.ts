import type { MemberPageSchema } from '@wac/shared/schemas/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type CompanyUserPage = z.infer<typeof MemberPageSchema>;
type Query = Record<string, string | number | undefined>;

export const getCompanyUsers = (uuid: string, query: Query) =>
  api<CompanyUserPage>(`/api/companies/${uuid}/users`, { query });

export const useCompanyUsers = (uuid: string, query: Query) =>
  useQuery({
    queryKey: ['companies', 'users', uuid, query],
    queryFn: () => getCompanyUsers(uuid, query),
    placeholderData: keepPreviousData,
  });
