import type { AuditVerify } from '@wac/shared/schemas/audit-log';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Recomputes the company's audit chain on the server: intact, or the first row where it breaks. */
export const verifyAuditLog = () => api<AuditVerify>('/api/audit-log/verify');

export const useVerifyAuditLog = () => useMutation({ mutationFn: verifyAuditLog });
