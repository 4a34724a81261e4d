import type { ScheduleAssignmentBulk, ScheduleAssignmentBulkResult } from '@wac/shared/schemas/attendance';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { assignmentKeys } from './get-assignments';
import { scheduleMemberKeys } from './get-schedule-members';
import { scheduleKeys } from './get-schedules';

/**
 * One schedule from a date on for chosen people, a team or a department, in one request; a team or
 * more than BULK_ASSIGN_AT_ONCE people answers a batch written in the background.
 */
export const assignMany = (body: ScheduleAssignmentBulk) =>
  api<ScheduleAssignmentBulkResult>('/api/attendance/assignments/bulk', { method: 'POST', body, silent: true });

/** Reads again who follows which schedule (after an assignment, or a background one's last part). */
export const refreshAssignments = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: scheduleKeys.all }),
    qc.invalidateQueries({ queryKey: scheduleMemberKeys.all }),
    qc.invalidateQueries({ queryKey: assignmentKeys.all }),
  ]);

export const useAssignMany = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: assignMany, onSuccess: () => refreshAssignments(qc) });
};
