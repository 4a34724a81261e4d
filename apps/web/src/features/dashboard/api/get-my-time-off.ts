import type { BalancesSchema, TimeOffRequestPageSchema } from '@wac/shared/schemas/time-off';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type MyBalances = z.infer<typeof BalancesSchema>;
export type MyRequests = z.infer<typeof TimeOffRequestPageSchema>;

/** My balances and my approved requests (time off's self-service), for the dashboard card. */
export const getMyTimeOff = async () => {
  const [balances, approved] = await Promise.all([
    api<MyBalances>('/api/time-off/balances', { silent: true }),
    api<MyRequests>('/api/time-off/requests?status=approved&itemsPerPage=100', { silent: true }),
  ]);
  return { balances: balances.data, approved: approved.data };
};

export const useMyTimeOff = (companyUuid: string) =>
  useQuery({ queryKey: ['time-off', 'dashboard', companyUuid], queryFn: getMyTimeOff, enabled: !!companyUuid });
