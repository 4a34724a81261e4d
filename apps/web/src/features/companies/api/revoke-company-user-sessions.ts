import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const revokeCompanyUserSessions = (companyUuid: string, userUuid: string) =>
  api<{ message: string }>(`/api/companies/${companyUuid}/users/${userUuid}/sessions/revoke`, { method: 'POST' });

/** A super admin ends every session a person has in this company (their other companies' go on). */
export const useRevokeCompanyUserSessions = (companyUuid: string) =>
  useMutation({ mutationFn: (userUuid: string) => revokeCompanyUserSessions(companyUuid, userUuid) });
