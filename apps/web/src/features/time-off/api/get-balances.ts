import type { BalancesSchema } from '@wac/shared/schemas/time-off';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type Balances = z.infer<typeof BalancesSchema>;
type Query = Record<string, string | number | undefined>;

/**
 * The query keys of time off: mutations invalidate through them; a `time_off_changed` message
 * refetches every open query (lib/realtime), so balances and approvals follow without a reload.
 */
export const timeOffKeys = {
  all: ['time-off'] as const,
  balances: (userUuid?: string) => ['time-off', 'balances', userUuid ?? 'me'] as const,
  requests: (query: Query) => ['time-off', 'requests', query] as const,
  approvals: (query: Query) => ['time-off', 'approvals', query] as const,
  approvalCount: ['time-off', 'approvals', 'count'] as const,
  calendar: (query: Query) => ['time-off', 'calendar', query] as const,
  filters: ['time-off', 'filters'] as const,
};

export const getBalances = () => api<Balances>('/api/time-off/balances');

export const useBalances = () => useQuery({ queryKey: timeOffKeys.balances(), queryFn: getBalances });
