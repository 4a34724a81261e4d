import type { CorrectionPageSchema, CorrectionStatus } from '@wac/shared/schemas/attendance';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type CorrectionPage = z.infer<typeof CorrectionPageSchema>;
export interface CorrectionQuery {
  status?: CorrectionStatus;
  page: number;
}

/** The query keys of corrections: mutations invalidate through them. */
export const correctionKeys = {
  all: ['attendance', 'corrections'] as const,
  list: (q: CorrectionQuery) => ['attendance', 'corrections', 'list', q] as const,
  mine: (q: CorrectionQuery) => ['attendance', 'corrections', 'mine', q] as const,
  pending: ['attendance', 'corrections', 'pending'] as const,
};

export const getCorrections = (q: CorrectionQuery) =>
  api<CorrectionPage>('/api/attendance/corrections', { query: { ...q } });

export const correctionsQuery = (q: CorrectionQuery) =>
  queryOptions({
    queryKey: correctionKeys.list(q),
    queryFn: () => getCorrections(q),
    placeholderData: keepPreviousData,
  });

export const useCorrections = (q: CorrectionQuery) => useQuery(correctionsQuery(q));
