import type { CertificationSubmission } from '@wac/shared/schemas/certifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { certificationKeys } from './get-certification-types';

export interface SubmitInput {
  issuedOn: string;
  expiresOn: string;
  file: File;
}

/** A member's own certificate: one multipart request, the fields then the file (the server checks its content). */
export const submitCertification = (typeUuid: string, input: SubmitInput) => {
  const body = new FormData();
  body.append('issuedOn', input.issuedOn);
  if (input.expiresOn) body.append('expiresOn', input.expiresOn);
  body.append('file', input.file);
  return api<CertificationSubmission>(`/api/my-certifications/${typeUuid}/records`, {
    method: 'POST',
    body,
    silent: true,
  });
};

export const useSubmitCertification = (typeUuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitInput) => submitCertification(typeUuid, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: certificationKeys.mine }),
  });
};
