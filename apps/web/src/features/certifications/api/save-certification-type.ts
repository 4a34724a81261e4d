import type {
  CertificationType,
  CertificationTypeCreateSchema,
  CertificationTypeUpdate,
} from '@wac/shared/schemas/certifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { certificationKeys } from './get-certification-types';

export const createCertificationType = (body: z.output<typeof CertificationTypeCreateSchema>) =>
  api<CertificationType>('/api/certification-types', { method: 'POST', body, silent: true });
export const updateCertificationType = (uuid: string, body: CertificationTypeUpdate) =>
  api<CertificationType>(`/api/certification-types/${uuid}`, { method: 'PATCH', body, silent: true });

/** Creates a type, or changes the one given. */
export const useSaveCertificationType = (uuid?: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof CertificationTypeCreateSchema> & { version?: number }) =>
      uuid ? updateCertificationType(uuid, { ...body, version: body.version ?? 1 }) : createCertificationType(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: certificationKeys.all }),
  });
};
