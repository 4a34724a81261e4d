import type { TimesheetLock } from '@wac/shared/schemas/attendance';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const lockKeys = { all: ['attendance', 'timesheet-locks'] as const };

export const getTimesheetLocks = () => api<{ data: TimesheetLock[] }>('/api/attendance/timesheet-locks');

export const useTimesheetLocks = () => useQuery({ queryKey: lockKeys.all, queryFn: getTimesheetLocks });
