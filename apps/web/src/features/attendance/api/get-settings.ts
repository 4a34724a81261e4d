import type { AttendanceSettings } from '@wac/shared/schemas/attendance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const settingsQuery = () =>
  queryOptions({
    queryKey: ['attendance', 'settings'],
    queryFn: () => api<AttendanceSettings>('/api/attendance/settings'),
  });

export const useAttendanceSettings = () => useQuery(settingsQuery());
