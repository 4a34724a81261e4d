import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { holidayKeys } from './get-holidays';

export const deleteHoliday = (uuid: string) => api<void>(`/api/attendance/holidays/${uuid}`, { method: 'DELETE' });

export const useDeleteHoliday = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteHoliday,
    onSuccess: () => qc.invalidateQueries({ queryKey: holidayKeys.all }),
  });
};
