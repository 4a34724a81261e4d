import type { AttendanceEntry } from '@wac/shared/schemas/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { myDayQuery } from './get-my-day';

export type ClockDirection = 'clock-in' | 'clock-out';

/** The key names one intent: a double click or a retry of it sends the same key, so one entry results. */
export const clock = (direction: ClockDirection, idempotencyKey: string) =>
  api<AttendanceEntry>(`/api/attendance/me/${direction}`, { method: 'POST', body: { idempotencyKey, source: 'web' } });

export const useClock = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ direction, key }: { direction: ClockDirection; key: string }) => clock(direction, key),
    onSettled: () => void qc.invalidateQueries({ queryKey: myDayQuery().queryKey.slice(0, 1) }),
  });
};
