import type { WorkScheduleWithMembers } from '@wac/shared/schemas/attendance';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const scheduleKeys = { all: ['attendance', 'schedules'] as const };

export const getSchedules = () => api<{ data: WorkScheduleWithMembers[] }>('/api/attendance/schedules');

export const useSchedules = () => useQuery({ queryKey: scheduleKeys.all, queryFn: getSchedules });
