import type { MemberPageSchema } from '@wac/shared/schemas/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

type People = z.infer<typeof MemberPageSchema>;

/** The company's people matching a search, for the audit log's "person" filter (first 20). */
export const getAuditPeople = (search: string) =>
  api<People>('/api/members', { query: { search: search || undefined, itemsPerPage: 20, sort: 'name' } });

export const useAuditPeople = (search: string) =>
  useQuery({
    queryKey: ['audit-log', 'people', search],
    queryFn: () => getAuditPeople(search),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
