import type { Employee, EmployeeUpdate } from '@wac/shared/schemas/employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeeKeys } from './get-employees';

export const updateEmployee = (uuid: string, body: EmployeeUpdate) =>
  api<Employee>(`/api/employees/${uuid}`, { method: 'PATCH', body, silent: true });

export const useUpdateEmployee = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EmployeeUpdate) => updateEmployee(uuid, body),
    onSuccess: (saved) => {
      qc.setQueryData(employeeKeys.one(uuid), saved);
      return qc.invalidateQueries({ queryKey: employeeKeys.all });
    },
  });
};
