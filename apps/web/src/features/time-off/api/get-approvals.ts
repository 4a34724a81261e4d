import type { ApprovalCountSchema } from '@wac/shared/schemas/time-off';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { timeOffKeys } from './get-balances';
import type { TimeOffRequestPage } from './get-requests';

type Query = Record<string, string | number | undefined>;
export type ApprovalCount = z.infer<typeof ApprovalCountSchema>;

/** Pending requests the signed-in person may decide, oldest first. */
export const getApprovals = (query: Query) => api<TimeOffRequestPage>('/api/time-off/approvals', { query });

export const useApprovals = (query: Query, enabled = true) =>
  useQuery({
    queryKey: timeOffKeys.approvals(query),
    queryFn: () => getApprovals(query),
    placeholderData: keepPreviousData,
    enabled,
  });

export const getApprovalCount = () => api<ApprovalCount>('/api/time-off/approvals/count', { silent: true });

/** The menu's badge and whether the approvals and team calendar are the person's to see. */
export const useApprovalCount = () => useQuery({ queryKey: timeOffKeys.approvalCount, queryFn: getApprovalCount });
