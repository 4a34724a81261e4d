import type { MemberBulk, MemberBulkResultSchema } from '@wac/shared/schemas/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type BulkResult = z.infer<typeof MemberBulkResultSchema>;

export const bulkMembers = (body: MemberBulk) => api<BulkResult>('/api/members/bulk', { method: 'POST', body });

export const useBulkMembers = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bulkMembers,
    onSettled: () => void qc.invalidateQueries({ queryKey: ['members'] }),
  });
};
