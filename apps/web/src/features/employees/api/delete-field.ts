import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeeKeys } from './get-employees';

/** Deletes a custom field and its value on every record; the version refuses a field changed meanwhile. */
export const deleteField = (uuid: string, version: number) =>
  api<void>(`/api/employees/fields/${uuid}`, { method: 'DELETE', query: { version }, silent: true });

export const useDeleteField = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, version }: { uuid: string; version: number }) => deleteField(uuid, version),
    onSettled: () => void qc.invalidateQueries({ queryKey: employeeKeys.all }),
  });
};
