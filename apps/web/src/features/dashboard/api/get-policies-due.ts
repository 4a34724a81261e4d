import type { MyPolicy } from '@wac/shared/schemas/policies';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The policies I must still acknowledge (the compliance area's self-service list), for the dashboard card. */
export const getPoliciesDue = async () =>
  (await api<{ data: MyPolicy[] }>('/api/my-policies')).data.filter((p) => p.status !== 'acknowledged');

export const usePoliciesDue = (companyUuid: string) =>
  useQuery({ queryKey: ['policies', 'mine', 'due', companyUuid], queryFn: getPoliciesDue, enabled: !!companyUuid });
