import type { Member } from '@wac/shared/schemas/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getMember = (uuid: string) => api<Member>(`/api/members/${uuid}`);

export const memberQuery = (uuid: string) =>
  queryOptions({ queryKey: ['members', 'one', uuid], queryFn: () => getMember(uuid) });

export const useMember = (uuid: string) => useQuery(memberQuery(uuid));
