import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { timeOffTypeKeys } from './get-time-off-types';

export const deleteTimeOffType = (uuid: string, version: number) =>
  api<void>(`/api/time-off-types/${uuid}`, { method: 'DELETE', query: { version } });

export const useDeleteTimeOffType = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, version }: { uuid: string; version: number }) => deleteTimeOffType(uuid, version),
    onSettled: () => void qc.invalidateQueries({ queryKey: timeOffTypeKeys.all }),
  });
};
