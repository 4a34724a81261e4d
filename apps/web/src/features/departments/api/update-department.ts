import type { Department, DepartmentUpdateSchema } from '@wac/shared/schemas/departments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { departmentKeys } from './get-departments';

export const updateDepartment = (uuid: string, body: z.output<typeof DepartmentUpdateSchema>) =>
  api<Department>(`/api/departments/${uuid}`, { method: 'PATCH', body, silent: true });

export const useUpdateDepartment = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof DepartmentUpdateSchema>) => updateDepartment(uuid, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: departmentKeys.all }),
  });
};
