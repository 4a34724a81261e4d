import type { CustomField, CustomFieldCreate } from '@wac/shared/schemas/employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeeKeys } from './get-employees';

/** Silent: the dialog shows the server's errors on its fields. */
export const createField = (body: CustomFieldCreate) =>
  api<CustomField>('/api/employees/fields', { method: 'POST', body, silent: true });

export const useCreateField = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createField,
    // Records carry every field's value: they change with the fields.
    onSuccess: () => qc.invalidateQueries({ queryKey: employeeKeys.all }),
  });
};
