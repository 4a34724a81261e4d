import type { PeopleSettingsSchema } from '@wac/shared/schemas/employees';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { employeeKeys } from './get-employees';

export type PeopleSettings = z.infer<typeof PeopleSettingsSchema>;

/** Which standard fields of their own record members may edit. */
export const getPeopleSettings = () => api<PeopleSettings>('/api/employees/settings');

export const usePeopleSettings = () => useQuery({ queryKey: employeeKeys.settings, queryFn: getPeopleSettings });
