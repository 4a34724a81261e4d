import type { Department } from '@wac/shared/schemas/departments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Every department of the company (the record form's choices and the directory's filter). */
export const getDepartmentTree = () => api<{ data: Department[] }>('/api/departments/tree');

export const useDepartmentTree = () =>
  useQuery({ queryKey: ['departments', 'tree'], queryFn: getDepartmentTree, staleTime: 60_000 });
