import type { Timesheet } from '@wac/shared/schemas/attendance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

export type Period = 'week' | 'month';
export interface TimesheetQuery {
  period: Period;
  date?: string;
}

export const timesheetKeys = {
  all: ['attendance', 'timesheets'] as const,
  of: (userUuid: string | 'me', q: TimesheetQuery) => ['attendance', 'timesheets', userUuid, q] as const,
};

/** A member's timesheet; `me` for the signed-in member's own. */
export const getTimesheet = (userUuid: string | 'me', q: TimesheetQuery) =>
  api<Timesheet>(userUuid === 'me' ? '/api/attendance/me/timesheet' : `/api/attendance/timesheets/${userUuid}`, {
    query: { ...q },
  });

/**
 * While a day of the sheet has an open entry, the server counts it up to the moment it answers: the
 * sheet is asked again each minute, so its worked time and totals move with the clock.
 */
export const OPEN_DAY_REFRESH_MS = 60_000;
export const refreshWhileOpen = (sheet: Timesheet | undefined) =>
  sheet?.days.some((d) => d.open) ? OPEN_DAY_REFRESH_MS : false;

export const useTimesheet = (userUuid: string | 'me' | null, q: TimesheetQuery) =>
  useQuery({
    queryKey: timesheetKeys.of(userUuid ?? 'none', q),
    queryFn: () => getTimesheet(userUuid!, q),
    enabled: !!userUuid,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshWhileOpen(query.state.data),
  });

/** The company's (or a team's) timesheets of the period as CSV, streamed by the server. */
export const exportTimesheets = (q: TimesheetQuery & { team?: string }, filename = `timesheets-${q.period}.csv`) =>
  downloadFile('/api/attendance/timesheets/export.csv', filename, { ...q });
