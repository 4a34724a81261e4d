import type { TeamPageSchema } from '@wac/shared/schemas/teams';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

export type TeamPage = z.infer<typeof TeamPageSchema>;
type Query = Record<string, string | number | undefined>;

export const getTeams = (query: Query) => api<TeamPage>('/api/teams', { query });

/** The whole filtered set as CSV (no paging), streamed by the server. */
export const exportTeams = ({ page: _page, ...query }: Query) =>
  downloadFile('/api/teams/export.csv', 'teams.csv', query);

export const useTeams = (query: Query) =>
  useQuery({ queryKey: ['teams', 'list', query], queryFn: () => getTeams(query), placeholderData: keepPreviousData });
