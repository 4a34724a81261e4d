import type { WorkSchedule, WorkScheduleCreateSchema } from '@wac/shared/schemas/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { scheduleKeys } from './get-schedules';

export const createSchedule = (body: z.input<typeof WorkScheduleCreateSchema>) =>
  api<WorkSchedule>('/api/attendance/schedules', { method: 'POST', body, silent: true });

export const useCreateSchedule = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createSchedule,
    onSuccess: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
};
