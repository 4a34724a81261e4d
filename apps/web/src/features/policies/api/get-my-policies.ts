import type { MyPolicy, MyPolicyDetail } from '@wac/shared/schemas/policies';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';
import { policyKeys } from './get-policies';

export const getMyPolicies = () => api<{ data: MyPolicy[] }>('/api/my-policies');
export const useMyPolicies = () => useQuery({ queryKey: policyKeys.mine, queryFn: getMyPolicies });

export const getMyPolicy = (uuid: string) => api<MyPolicyDetail>(`/api/my-policies/${uuid}`);
export const useMyPolicy = (uuid: string) =>
  useQuery({ queryKey: policyKeys.myDetail(uuid), queryFn: () => getMyPolicy(uuid) });

export const downloadMyPolicyPdf = (uuid: string, name: string) => downloadFile(`/api/my-policies/${uuid}/pdf`, name);
