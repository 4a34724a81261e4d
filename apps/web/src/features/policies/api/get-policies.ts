import type { PolicyPageSchema } from '@wac/shared/schemas/policies';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type PolicyPage = z.infer<typeof PolicyPageSchema>;
type Query = Record<string, string | number | undefined>;

/** The query keys of policies: mutations invalidate through them, never through string literals. */
export const policyKeys = {
  all: ['policies'] as const,
  list: (query: Query) => ['policies', 'list', query] as const,
  detail: (uuid: string) => ['policies', 'detail', uuid] as const,
  version: (uuid: string, versionUuid: string) => ['policies', 'version', uuid, versionUuid] as const,
  tracking: (uuid: string, query: Query) => ['policies', 'tracking', uuid, query] as const,
  audience: ['policies', 'audience-options'] as const,
  people: (search: string) => ['policies', 'people', search] as const,
  mine: ['policies', 'mine'] as const,
  myDetail: (uuid: string) => ['policies', 'mine', uuid] as const,
};

export const getPolicies = (query: Query) => api<PolicyPage>('/api/policies', { query });

export const usePolicies = (query: Query) =>
  useQuery({ queryKey: policyKeys.list(query), queryFn: () => getPolicies(query), placeholderData: keepPreviousData });
