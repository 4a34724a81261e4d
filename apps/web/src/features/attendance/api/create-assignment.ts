import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { assignmentKeys } from './get-assignments';

export const createAssignment = (body: { userUuid: string; scheduleUuid: string; effectiveFrom: string }) =>
  api<unknown>('/api/attendance/assignments', { method: 'POST', body, silent: true });

export const useCreateAssignment = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createAssignment,
    onSuccess: () => qc.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
};
