import type { Holiday } from '@wac/shared/schemas/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { holidayKeys } from './get-holidays';

export const createHoliday = (body: { date: string; name: string }) =>
  api<Holiday>('/api/attendance/holidays', { method: 'POST', body, silent: true });

export const useCreateHoliday = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createHoliday,
    onSuccess: () => qc.invalidateQueries({ queryKey: holidayKeys.all }),
  });
};
