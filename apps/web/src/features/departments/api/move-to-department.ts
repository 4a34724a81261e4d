import type { DepartmentMoveResultSchema } from '@wac/shared/schemas/departments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** Moves people into a department (out of whichever they were in). */
export const moveToDepartment = (uuid: string, uuids: string[]) =>
  api<z.infer<typeof DepartmentMoveResultSchema>>(`/api/departments/${uuid}/members`, {
    method: 'POST',
    body: { uuids },
    silent: true,
  });

export const useMoveToDepartment = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (uuids: string[]) => moveToDepartment(uuid, uuids),
    // Member counts, the directory's departments, the org chart's colours.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['departments'] }),
        qc.invalidateQueries({ queryKey: ['employees'] }),
      ]),
  });
};
