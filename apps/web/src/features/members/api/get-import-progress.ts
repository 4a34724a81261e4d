import type { MemberImportProgress } from '@wac/shared/schemas/members';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getImportProgress = (batchId: string) =>
  api<MemberImportProgress>(`/api/members/import/${batchId}/progress`);

/**
 * An import's invitation mails, counted from their jobs on the server: asked again every second
 * until every mail is sent or has failed (one indexed count, instead of a real-time message per mail).
 */
export const importProgressQuery = (batchId: string) => ({
  queryKey: ['members', 'import-progress', batchId] as const,
  queryFn: () => getImportProgress(batchId),
  refetchInterval: (query: { state: { data?: MemberImportProgress } }) => (query.state.data?.done ? false : 1000),
});

export const useImportProgress = (batchId: string) => useQuery(importProgressQuery(batchId));
