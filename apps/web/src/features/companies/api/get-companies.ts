import type { CompanyPageSchema, CompanySchema } from '@wac/shared/schemas/companies';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

export type CompanyPage = z.infer<typeof CompanyPageSchema>;
/** A row of the listing: the company and its count of enabled members. */
export type CompanyListItem = CompanyPage['data'][number];
export type Company = z.infer<typeof CompanySchema>;
type Query = Record<string, string | number | undefined>;

export const getCompanies = (query: Query) => api<CompanyPage>('/api/companies', { query });

/** The whole filtered set as CSV (no paging), streamed by the server. */
export const exportCompanies = ({ page: _page, ...query }: Query) =>
  downloadFile('/api/companies/export.csv', 'companies.csv', query);

export const useCompanies = (query: Query) =>
  useQuery({
    queryKey: ['companies', 'list', query],
    queryFn: () => getCompanies(query),
    placeholderData: keepPreviousData,
  });
