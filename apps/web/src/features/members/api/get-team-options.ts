import type { TeamPageSchema } from '@wac/shared/schemas/teams';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** Teams for the members' team filter, searched on the server. */
export const getTeamOptions = (search: string) =>
  api<z.infer<typeof TeamPageSchema>>('/api/teams', { query: { search: search || undefined, itemsPerPage: 20 } });

export const useTeamOptions = (search: string) =>
  useQuery({ queryKey: ['teams', 'options', search], queryFn: () => getTeamOptions(search) });
