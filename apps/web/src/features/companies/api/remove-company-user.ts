import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshCompanyPeople } from './update-company-user';

export const removeCompanyUser = (companyUuid: string, userUuid: string, version: number) =>
  api<void>(`/api/companies/${companyUuid}/users/${userUuid}`, { method: 'DELETE', query: { version } });

/** A super admin removes a person from a company (the membership goes; the account stays). */
export const useRemoveCompanyUser = (companyUuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userUuid, version }: { userUuid: string; version: number }) =>
      removeCompanyUser(companyUuid, userUuid, version),
    onSettled: () => void refreshCompanyPeople(qc, companyUuid),
  });
};
