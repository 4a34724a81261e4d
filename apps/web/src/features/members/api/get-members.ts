import type { MemberPageSchema } from '@wac/shared/schemas/members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

export type MemberPage = z.infer<typeof MemberPageSchema>;
export type MemberQuery = Record<string, string | number | undefined>;

export const getMembers = (query: MemberQuery) => api<MemberPage>('/api/members', { query });

export const membersQuery = (query: MemberQuery) =>
  queryOptions({
    queryKey: ['members', 'list', query],
    queryFn: () => getMembers(query),
    placeholderData: keepPreviousData,
  });

export const useMembers = (query: MemberQuery) => useQuery(membersQuery(query));

/** The whole filtered set as CSV (no paging), streamed by the server. */
export const exportMembers = ({ page: _page, ...query }: MemberQuery) =>
  downloadFile('/api/members/export.csv', 'members.csv', query);
