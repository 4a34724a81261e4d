import type { DepartmentPageSchema } from '@wac/shared/schemas/departments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type DepartmentPage = z.infer<typeof DepartmentPageSchema>;
type Query = Record<string, string | number | undefined>;

/** The query keys of departments: mutations invalidate through them, never through string literals. */
export const departmentKeys = {
  all: ['departments'] as const,
  list: (query: Query) => ['departments', 'list', query] as const,
  tree: ['departments', 'tree'] as const,
};

export const getDepartments = (query: Query) => api<DepartmentPage>('/api/departments', { query });

export const useDepartments = (query: Query) =>
  useQuery({
    queryKey: departmentKeys.list(query),
    queryFn: () => getDepartments(query),
    placeholderData: keepPreviousData,
  });
