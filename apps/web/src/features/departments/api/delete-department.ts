import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { departmentKeys } from './get-departments';

export const deleteDepartment = (uuid: string, version: number) =>
  api<void>(`/api/departments/${uuid}`, { method: 'DELETE', query: { version } });

export const useDeleteDepartment = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, version }: { uuid: string; version: number }) => deleteDepartment(uuid, version),
    onSettled: () => void qc.invalidateQueries({ queryKey: departmentKeys.all }),
  });
};
