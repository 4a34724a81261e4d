import type { CompanyPagePageSchema } from '@wac/shared/schemas/company-pages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type CompanyPagePage = z.infer<typeof CompanyPagePageSchema>;
type Query = Record<string, string | number | undefined>;

/** The query keys of company pages: mutations invalidate through them, never through string literals. */
export const companyPageKeys = {
  all: ['company-pages'] as const,
  list: (query: Query) => ['company-pages', 'list', query] as const,
};

export const getCompanyPages = (query: Query) => api<CompanyPagePage>('/api/company-pages', { query });

export const useCompanyPages = (query: Query) =>
  useQuery({
    queryKey: companyPageKeys.list(query),
    queryFn: () => getCompanyPages(query),
    placeholderData: keepPreviousData,
  });
