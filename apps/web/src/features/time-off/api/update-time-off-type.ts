import type { TimeOffType, TimeOffTypeUpdateSchema } from '@wac/shared/schemas/time-off-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { timeOffTypeKeys } from './get-time-off-types';

export const updateTimeOffType = (uuid: string, body: z.output<typeof TimeOffTypeUpdateSchema>) =>
  api<TimeOffType>(`/api/time-off-types/${uuid}`, { method: 'PATCH', body, silent: true });

export const useUpdateTimeOffType = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof TimeOffTypeUpdateSchema>) => updateTimeOffType(uuid, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: timeOffTypeKeys.all }),
  });
};
