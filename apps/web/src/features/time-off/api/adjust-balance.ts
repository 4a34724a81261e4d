import type { AdjustmentCreate, BalanceSchema } from '@wac/shared/schemas/time-off';
import type { DirectoryPageSchema } from '@wac/shared/schemas/employees';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { timeOffKeys } from './get-balances';

export type Balance = z.infer<typeof BalanceSchema>;

/** An admin's grant or adjustment (with its reason): a new ledger row. */
export const adjustBalance = (body: AdjustmentCreate) =>
  api<Balance>('/api/time-off/adjustments', { method: 'POST', body, silent: true });

export const useAdjustBalance = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: adjustBalance,
    onSuccess: () => qc.invalidateQueries({ queryKey: timeOffKeys.all }),
  });
};

/** Current colleagues matching a name: whose balance to adjust. */
export const searchPeople = (search: string) =>
  api<z.infer<typeof DirectoryPageSchema>>('/api/employees', {
    query: { search: search || undefined, itemsPerPage: 20 },
  });

export const useSearchPeople = (search: string) =>
  useQuery({ queryKey: [...timeOffKeys.all, 'people', search] as const, queryFn: () => searchPeople(search) });
