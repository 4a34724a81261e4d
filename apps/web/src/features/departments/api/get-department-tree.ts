import type { Department } from '@wac/shared/schemas/departments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { departmentKeys } from './get-departments';

/** Every department of the company, for the parent choices and the parents' names. */
export const getDepartmentTree = () => api<{ data: Department[] }>('/api/departments/tree');

export const useDepartmentTree = () => useQuery({ queryKey: departmentKeys.tree, queryFn: getDepartmentTree });
