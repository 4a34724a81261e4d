import type { PolicyDetail, PolicyVersion } from '@wac/shared/schemas/policies';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { policyKeys } from './get-policies';

export const getPolicy = (uuid: string) => api<PolicyDetail>(`/api/policies/${uuid}`);
export const usePolicy = (uuid: string) =>
  useQuery({ queryKey: policyKeys.detail(uuid), queryFn: () => getPolicy(uuid) });

export const getPolicyVersion = (uuid: string, versionUuid: string) =>
  api<PolicyVersion>(`/api/policies/${uuid}/versions/${versionUuid}`);
export const usePolicyVersion = (uuid: string, versionUuid: string | null) =>
  useQuery({
    queryKey: policyKeys.version(uuid, versionUuid ?? ''),
    queryFn: () => getPolicyVersion(uuid, versionUuid!),
    enabled: !!versionUuid,
  });
