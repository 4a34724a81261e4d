import type { AuditLogPageSchema } from '@wac/shared/schemas/audit-log';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;
export type AuditEntry = AuditLogPage['data'][number];
type Query = Record<string, string | number | undefined>;

export const getAuditLog = (query: Query) => api<AuditLogPage>('/api/audit-log', { query });

export const useAuditLog = (query: Query) =>
  useQuery({ queryKey: ['audit-log', query], queryFn: () => getAuditLog(query), placeholderData: keepPreviousData });

export const exportAuditLog = ({ page: _page, ...query }: Query) =>
  downloadFile('/api/audit-log/export.csv', 'audit-log.csv', query);
