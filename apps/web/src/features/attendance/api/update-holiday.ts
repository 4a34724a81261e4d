import type { Holiday } from '@wac/shared/schemas/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { holidayKeys } from './get-holidays';

export const updateHoliday = ({ uuid, ...body }: { uuid: string; date?: string; name?: string }) =>
  api<Holiday>(`/api/attendance/holidays/${uuid}`, { method: 'PATCH', body, silent: true });

export const useUpdateHoliday = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateHoliday,
    onSuccess: () => qc.invalidateQueries({ queryKey: holidayKeys.all }),
  });
};
