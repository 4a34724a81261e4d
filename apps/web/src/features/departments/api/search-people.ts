import type { DirectoryPageSchema } from '@wac/shared/schemas/employees';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** Current colleagues matching a name: the choices for a department's head. */
export const searchPeople = (search: string) =>
  api<z.infer<typeof DirectoryPageSchema>>('/api/employees', {
    query: { search: search || undefined, itemsPerPage: 20 },
  });

export const useSearchPeople = (search: string) =>
  useQuery({ queryKey: ['departments', 'people', search], queryFn: () => searchPeople(search) });
