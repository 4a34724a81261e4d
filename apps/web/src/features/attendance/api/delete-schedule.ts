import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { scheduleKeys } from './get-schedules';

export const deleteSchedule = ({ uuid, version }: { uuid: string; version: number }) =>
  api<void>(`/api/attendance/schedules/${uuid}`, { method: 'DELETE', query: { version } });

export const useDeleteSchedule = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
};
