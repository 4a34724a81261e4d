import type { WorkSchedule, WorkScheduleUpdateSchema } from '@wac/shared/schemas/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { scheduleKeys } from './get-schedules';

export const updateSchedule = ({ uuid, ...body }: { uuid: string } & z.input<typeof WorkScheduleUpdateSchema>) =>
  api<WorkSchedule>(`/api/attendance/schedules/${uuid}`, { method: 'PATCH', body, silent: true });

export const useUpdateSchedule = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSchedule,
    onSuccess: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
};
