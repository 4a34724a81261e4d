import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const unlockPeriod = (uuid: string) =>
  api<void>(`/api/attendance/timesheet-locks/${uuid}`, { method: 'DELETE' });

export const useUnlockPeriod = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unlockPeriod, onSuccess: () => qc.invalidateQueries({ queryKey: ['attendance'] }) });
};
