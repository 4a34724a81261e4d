import type { MemberPageSchema } from '@wac/shared/schemas/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

export type CompanyUserPage = z.infer<typeof MemberPageSchema>;
type Query = Record<string, string | number | undefined>;

export const getCompanyUsers = (uuid: string, query: Query) =>
  api<CompanyUserPage>(`/api/companies/${uuid}/users`, { query });

/** The company's whole filtered user list as CSV (no paging), streamed by the server. */
export const exportCompanyUsers = (company: { uuid: string; subDomain: string }, { page: _page, ...query }: Query) =>
  downloadFile(`/api/companies/${company.uuid}/users/export.csv`, `${company.subDomain}-users.csv`, query);

export const useCompanyUsers = (uuid: string, query: Query) =>
  useQuery({
    queryKey: ['companies', 'users', uuid, query],
    queryFn: () => getCompanyUsers(uuid, query),
    placeholderData: keepPreviousData,
  });
