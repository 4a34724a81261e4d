import type { AdminCorrection, Correction } from '@wac/shared/schemas/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** An admin adds, changes or removes a member's entry at once, with a reason (the recorded times stay). */
export const correctEntry = (body: AdminCorrection) =>
  api<Correction>('/api/attendance/corrections', { method: 'POST', body, silent: true });

export const useCorrectEntry = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: correctEntry,
    // The timesheet, the day board and the corrections' history all show what changed.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['attendance'] }),
  });
};
