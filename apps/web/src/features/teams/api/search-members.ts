import type { MemberPageSchema } from '@wac/shared/schemas/members';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** The company's members matching a fragment, for the lead and member pickers. */
export const searchMembers = (search: string) =>
  api<z.infer<typeof MemberPageSchema>>('/api/members', {
    query: { search: search || undefined, itemsPerPage: 20, sort: 'name' },
  });

export const useMemberSearch = (search: string) =>
  useQuery({ queryKey: ['members', 'search', search], queryFn: () => searchMembers(search) });
