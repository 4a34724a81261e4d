import type { AttendanceSettings } from '@wac/shared/schemas/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const updateSettings = (body: {
  version: number;
  timeZone?: string;
  weekStart?: number;
  autoCloseMarginMinutes?: number;
}) => api<AttendanceSettings>('/api/attendance/settings', { method: 'PATCH', body, silent: true });

export const useUpdateSettings = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['attendance'] }),
  });
};
