import type { MyDay } from '@wac/shared/schemas/attendance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getMyDay = () => api<MyDay>('/api/attendance/me');

export const myDayQuery = () => queryOptions({ queryKey: ['attendance', 'me'], queryFn: getMyDay });

export const useMyDay = () => useQuery(myDayQuery());
