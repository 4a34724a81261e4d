import type { Board, BoardStatus } from '@wac/shared/schemas/attendance';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface BoardQuery {
  date?: string;
  team?: string;
  department?: string;
  status?: BoardStatus;
  search?: string;
  page: number;
}

export const getBoard = (q: BoardQuery) => api<Board>('/api/attendance/board', { query: { ...q } });

export const boardQuery = (q: BoardQuery) =>
  queryOptions({ queryKey: ['attendance', 'board', q], queryFn: () => getBoard(q), placeholderData: keepPreviousData });

export const useBoard = (q: BoardQuery) => useQuery(boardQuery(q));
