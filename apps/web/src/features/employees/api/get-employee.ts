import type { Employee } from '@wac/shared/schemas/employees';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeeKeys } from './get-employees';

export const getEmployee = (uuid: string) => api<Employee>(`/api/employees/${uuid}`);

export const useEmployee = (uuid: string) =>
  useQuery({ queryKey: employeeKeys.one(uuid), queryFn: () => getEmployee(uuid) });
