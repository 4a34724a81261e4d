import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type CorrectionPage, type CorrectionQuery, correctionKeys } from './get-corrections';

export const getMyCorrections = (q: CorrectionQuery) =>
  api<CorrectionPage>('/api/attendance/me/corrections', { query: { ...q } });

export const useMyCorrections = (q: CorrectionQuery) =>
  useQuery({ queryKey: correctionKeys.mine(q), queryFn: () => getMyCorrections(q), placeholderData: keepPreviousData });
