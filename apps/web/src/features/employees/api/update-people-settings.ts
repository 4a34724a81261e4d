import type { PeopleSettingsUpdateSchema } from '@wac/shared/schemas/employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import type { PeopleSettings } from './get-people-settings';
import { employeeKeys } from './get-employees';

export const updatePeopleSettings = (body: z.infer<typeof PeopleSettingsUpdateSchema>) =>
  api<PeopleSettings>('/api/employees/settings', { method: 'PATCH', body, silent: true });

export const useUpdatePeopleSettings = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePeopleSettings,
    onSuccess: (saved) => {
      qc.setQueryData(employeeKeys.settings, saved);
      // What a record says its owner may edit follows the settings.
      return qc.invalidateQueries({ queryKey: employeeKeys.all });
    },
  });
};
