import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { certificationKeys } from './get-certification-types';

type Named = { data: { uuid: string; name: string }[] };

/** The company's teams and departments, for a type's audience and the list filters. */
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
  useQuery({ queryKey: certificationKeys.audience, queryFn: getAudienceOptions, staleTime: 60_000 });
