import type { TimeOffType, TimeOffTypeCreateSchema } from '@wac/shared/schemas/time-off-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { timeOffTypeKeys } from './get-time-off-types';

export const createTimeOffType = (body: z.output<typeof TimeOffTypeCreateSchema>) =>
  api<TimeOffType>('/api/time-off-types', { method: 'POST', body, silent: true });

export const useCreateTimeOffType = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTimeOffType,
    onSuccess: () => qc.invalidateQueries({ queryKey: timeOffTypeKeys.all }),
  });
};
