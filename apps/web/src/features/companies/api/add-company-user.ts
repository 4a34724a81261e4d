import type { CompanyMemberAdd } from '@wac/shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshCompanyPeople } from './update-company-user';

export const addCompanyUser = (companyUuid: string, body: CompanyMemberAdd) =>
  api<{ invited: boolean; userUuid: string | null }>(`/api/companies/${companyUuid}/users`, {
    method: 'POST',
    body,
  });

/** A super admin adds a person who already has an account to a company, as member or admin. */
export const useAddCompanyUser = (companyUuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyMemberAdd) => addCompanyUser(companyUuid, body),
    onSuccess: () => refreshCompanyPeople(qc, companyUuid),
  });
};
