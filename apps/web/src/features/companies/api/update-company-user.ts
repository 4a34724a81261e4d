import type { Member, MemberUpdate } from '@wac/shared/schemas/members';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const updateCompanyUser = (companyUuid: string, userUuid: string, body: MemberUpdate) =>
  api<Member>(`/api/companies/${companyUuid}/users/${userUuid}`, { method: 'PATCH', body });

/**
 * What a change to a company's people moves: its users and admins, and the companies listing
 * (its count of enabled members).
 */
export const refreshCompanyPeople = (qc: QueryClient, companyUuid: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: ['companies', 'users', companyUuid] }),
    qc.invalidateQueries({ queryKey: ['companies', 'admins', companyUuid] }),
    qc.invalidateQueries({ queryKey: ['companies', 'list'] }),
  ]);

/** A super admin changes a company user's roles or enabled flag; the users and admins lists follow. */
export const useUpdateCompanyUser = (companyUuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userUuid, ...body }: MemberUpdate & { userUuid: string }) =>
      updateCompanyUser(companyUuid, userUuid, body),
    onSettled: () => void refreshCompanyPeople(qc, companyUuid),
  });
};
