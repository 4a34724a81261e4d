import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { correctionKeys } from './get-corrections';

export const getPendingCount = () => api<{ count: number }>('/api/attendance/corrections/pending-count');

export const usePendingCount = () => useQuery({ queryKey: correctionKeys.pending, queryFn: getPendingCount });
