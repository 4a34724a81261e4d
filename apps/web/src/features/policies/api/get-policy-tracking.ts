import type { PolicyTrackingPage } from '@wac/shared/schemas/policies';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';
import { policyKeys } from './get-policies';

type Query = Record<string, string | number | undefined>;
export type TrackingRow = PolicyTrackingPage['data'][number];

export const getPolicyTracking = (uuid: string, query: Query) =>
  api<PolicyTrackingPage>(`/api/policies/${uuid}/tracking`, { query });

/** Refetched by every `listing_changed` of the company: an acknowledgement moves the open page. */
export const usePolicyTracking = (uuid: string, query: Query) =>
  useQuery({
    queryKey: policyKeys.tracking(uuid, query),
    queryFn: () => getPolicyTracking(uuid, query),
    placeholderData: keepPreviousData,
  });

export const exportPolicyTracking = (uuid: string, { page: _page, ...query }: Query) =>
  downloadFile(`/api/policies/${uuid}/tracking/export.csv`, 'policy-tracking.csv', query);
