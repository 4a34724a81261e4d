import type { CustomField } from '@wac/shared/schemas/employees';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeeKeys } from './get-employees';

export const getFields = () => api<{ data: CustomField[] }>('/api/employees/fields');

export const useFields = () => useQuery({ queryKey: employeeKeys.fields, queryFn: getFields });
