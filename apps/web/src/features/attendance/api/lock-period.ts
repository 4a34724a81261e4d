import type { TimesheetLock } from '@wac/shared/schemas/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const lockPeriod = (body: { from: string; to: string }) =>
  api<TimesheetLock>('/api/attendance/timesheet-locks', { method: 'POST', body, silent: true });

export const useLockPeriod = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: lockPeriod, onSuccess: () => qc.invalidateQueries({ queryKey: ['attendance'] }) });
};
