import type { ScheduleAssignmentBulkProgress } from '@wac/shared/schemas/attendance';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getBulkProgress = (batchId: string) =>
  api<ScheduleAssignmentBulkProgress>(`/api/attendance/assignments/bulk/${batchId}`, { silent: true });

/**
 * A background bulk assignment's people, counted from its jobs on the server: asked again every
 * second until every part is written or has failed (an outage is retried as every query is).
 */
export const bulkProgressQuery = (batchId: string) => ({
  queryKey: ['attendance', 'bulk-progress', batchId] as const,
  queryFn: () => getBulkProgress(batchId),
  refetchInterval: (query: { state: { data?: ScheduleAssignmentBulkProgress } }) =>
    query.state.data?.done ? false : 1000,
});

export const useBulkProgress = (batchId: string) => useQuery(bulkProgressQuery(batchId));
