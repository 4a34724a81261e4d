import type { CustomField, CustomFieldUpdate } from '@wac/shared/schemas/employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeeKeys } from './get-employees';

/** Silent: the dialog shows the server's errors on its fields. The type of a field never changes. */
export const updateField = (uuid: string, body: CustomFieldUpdate) =>
  api<CustomField>(`/api/employees/fields/${uuid}`, { method: 'PATCH', body, silent: true });

export const useUpdateField = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomFieldUpdate) => updateField(uuid, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: employeeKeys.all }),
  });
};
