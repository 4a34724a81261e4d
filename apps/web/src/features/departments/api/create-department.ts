import type { Department, DepartmentCreateSchema } from '@wac/shared/schemas/departments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { departmentKeys } from './get-departments';

export const createDepartment = (body: z.output<typeof DepartmentCreateSchema>) =>
  api<Department>('/api/departments', { method: 'POST', body, silent: true });

export const useCreateDepartment = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSuccess: () => qc.invalidateQueries({ queryKey: departmentKeys.all }),
  });
};
