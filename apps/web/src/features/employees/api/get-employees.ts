import type { DirectoryPageSchema } from '@wac/shared/schemas/employees';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

export type DirectoryPage = z.infer<typeof DirectoryPageSchema>;
type Query = Record<string, string | number | undefined>;

/** The query keys of the people area: mutations invalidate through them, never through string literals. */
export const employeeKeys = {
  all: ['employees'] as const,
  list: (query: Query) => ['employees', 'list', query] as const,
  one: (uuid: string) => ['employees', 'one', uuid] as const,
  fields: ['employees', 'fields'] as const,
  settings: ['employees', 'settings'] as const,
  org: (manager: string | null) => ['employees', 'org', manager ?? 'top'] as const,
  path: (uuid: string) => ['employees', 'path', uuid] as const,
};

export const getEmployees = (query: Query) => api<DirectoryPage>('/api/employees', { query });

/** Every field of the filtered records as CSV (admins). */
export const exportEmployees = ({ page: _page, ...query }: Query) =>
  downloadFile('/api/employees/export.csv', 'employees.csv', query);

export const useEmployees = (query: Query) =>
  useQuery({
    queryKey: employeeKeys.list(query),
    queryFn: () => getEmployees(query),
    placeholderData: keepPreviousData,
  });
