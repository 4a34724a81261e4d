import type { CompanyPageSchema } from '@wac/shared/schemas/companies';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type CompanyPage = z.infer<typeof CompanyPageSchema>;
export type Company = CompanyPage['data'][number];
type Query = Record<string, string | number | undefined>;

export const getCompanies = (query: Query) => api<CompanyPage>('/api/companies', { query });

export const useCompanies = (query: Query) =>
  useQuery({
    queryKey: ['companies', 'list', query],
    queryFn: () => getCompanies(query),
    placeholderData: keepPreviousData,
  });
