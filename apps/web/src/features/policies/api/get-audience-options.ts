import type { MemberPageSchema } from '@wac/shared/schemas/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { policyKeys } from './get-policies';

type Named = { data: { uuid: string; name: string }[] };
type People = z.infer<typeof MemberPageSchema>;

/** The company's teams and departments, for a policy's audience and the tracking filters. */
export const getAudienceOptions = async () => {
  const [teams, departments] = await Promise.all([
    api<Named>('/api/teams', { query: { itemsPerPage: 100, sort: 'name' } }),
    api<Named>('/api/departments/tree'),
  ]);
  return {
    teams: teams.data.map((t) => ({ value: t.uuid, label: t.name })),
    departments: departments.data.map((d) => ({ value: d.uuid, label: d.name })),
  };
};
export const useAudienceOptions = () =>
  useQuery({ queryKey: policyKeys.audience, queryFn: getAudienceOptions, staleTime: 60_000 });

/** Members matching a search, for the owner picker (first 20). */
export const getPolicyPeople = (search: string) =>
  api<People>('/api/members', { query: { search: search || undefined, itemsPerPage: 20, sort: 'name' } });
export const usePolicyPeople = (search: string) =>
  useQuery({
    queryKey: policyKeys.people(search),
    queryFn: () => getPolicyPeople(search),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
