import type { DirectoryPageSchema } from '@wac/shared/schemas/employees';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** Members matching a name: the people an admin may put on a page. */
export const searchMembers = (search: string) =>
  api<z.infer<typeof DirectoryPageSchema>>('/api/employees', {
    query: { search: search || undefined, itemsPerPage: 20 },
  });

export const useSearchMembers = (search: string) =>
  useQuery({ queryKey: ['company-pages', 'people', search], queryFn: () => searchMembers(search) });
