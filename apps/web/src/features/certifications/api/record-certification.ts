import type { CertificationRecord } from '@wac/shared/schemas/certifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { certificationKeys } from './get-certification-types';

export interface RecordInput {
  userUuid: string;
  issuedOn: string;
  expiresOn: string;
  file: File | null;
}

/** One multipart request: the fields, then the evidence (PDF, PNG or JPEG ≤ 2 MB; the server checks its content). */
export const recordCertification = (typeUuid: string, input: RecordInput) => {
  const body = new FormData();
  body.append('userUuid', input.userUuid);
  body.append('issuedOn', input.issuedOn);
  if (input.expiresOn) body.append('expiresOn', input.expiresOn);
  if (input.file) body.append('file', input.file);
  return api<CertificationRecord>(`/api/certification-types/${typeUuid}/records`, {
    method: 'POST',
    body,
    silent: true,
  });
};

export const useRecordCertification = (typeUuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordInput) => recordCertification(typeUuid, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: certificationKeys.all }),
  });
};
