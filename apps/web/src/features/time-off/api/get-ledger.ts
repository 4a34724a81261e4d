import type { LedgerPageSchema } from '@wac/shared/schemas/time-off';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { timeOffKeys } from './get-balances';

export type LedgerPage = z.infer<typeof LedgerPageSchema>;
type Query = Record<string, string | number | undefined>;

/** The signed-in person's ledger: every row their balances are the sum of, latest first. */
export const getLedger = (query: Query) => api<LedgerPage>('/api/time-off/ledger', { query });

export const useLedger = (query: Query) =>
  useQuery({
    queryKey: [...timeOffKeys.all, 'ledger', query] as const,
    queryFn: () => getLedger(query),
    placeholderData: keepPreviousData,
  });
