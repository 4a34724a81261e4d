import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { assignmentKeys } from './get-assignments';

export const deleteAssignment = (uuid: string) =>
  api<void>(`/api/attendance/assignments/${uuid}`, { method: 'DELETE' });

export const useDeleteAssignment = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    onSuccess: () => qc.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
};
