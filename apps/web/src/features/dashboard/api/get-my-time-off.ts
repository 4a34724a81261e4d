import type { BalancesSchema } from '@wac/shared/schemas/time-off';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type MyBalances = z.infer<typeof BalancesSchema>;

/**
 * My balances (time off's self-service), for the dashboard card; the leave to come is in the
 * dashboard's overview. Under time off's keys: its mutations refresh the card.
 */
export const getMyTimeOff = async () => {
  const balances = await api<MyBalances>('/api/time-off/balances', { silent: true });
  return { balances: balances.data };
};

export const useMyTimeOff = (companyUuid: string) =>
  useQuery({ queryKey: ['time-off', 'dashboard', companyUuid], queryFn: getMyTimeOff, enabled: !!companyUuid });
