import type { MemberPageSchema } from '@wac/shared/schemas/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** Members matching a name or email: the choices of whose timesheet to read. */
export const searchMembers = (search: string) =>
  api<z.infer<typeof MemberPageSchema>>('/api/members', { query: { search: search || undefined, itemsPerPage: 20 } });

export const useSearchMembers = (search: string) =>
  useQuery({
    queryKey: ['attendance', 'members', search],
    queryFn: () => searchMembers(search),
    placeholderData: keepPreviousData,
  });
