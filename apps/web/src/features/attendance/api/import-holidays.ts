import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { holidayKeys } from './get-holidays';

export const importHolidays = (holidays: Array<{ date: string; name: string }>) =>
  api<{ added: number; skipped: number }>('/api/attendance/holidays/import', {
    method: 'POST',
    body: { holidays },
    silent: true,
  });

export const useImportHolidays = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importHolidays,
    onSuccess: () => qc.invalidateQueries({ queryKey: holidayKeys.all }),
  });
};
