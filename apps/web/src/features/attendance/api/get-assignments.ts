import type { ScheduleAssignmentListSchema } from '@wac/shared/schemas/attendance';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const assignmentKeys = {
  all: ['attendance', 'assignments'] as const,
  of: (userUuid: string) => ['attendance', 'assignments', userUuid] as const,
};

export const getAssignments = (userUuid: string) =>
  api<z.infer<typeof ScheduleAssignmentListSchema>>('/api/attendance/assignments', { query: { userUuid } });

export const useAssignments = (userUuid: string | null) =>
  useQuery({
    queryKey: assignmentKeys.of(userUuid ?? ''),
    queryFn: () => getAssignments(userUuid!),
    enabled: !!userUuid,
  });
