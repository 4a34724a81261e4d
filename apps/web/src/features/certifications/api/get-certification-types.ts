import type { CertificationTypePageSchema, CertificationTypeWithCounts } from '@wac/shared/schemas/certifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type CertificationTypePage = z.infer<typeof CertificationTypePageSchema>;
type Query = Record<string, string | number | undefined>;

/** The query keys of certifications: mutations invalidate through them, never through string literals. */
export const certificationKeys = {
  all: ['certifications'] as const,
  list: (query: Query) => ['certifications', 'list', query] as const,
  detail: (uuid: string) => ['certifications', 'detail', uuid] as const,
  holders: (uuid: string, query: Query) => ['certifications', 'holders', uuid, query] as const,
  audience: ['certifications', 'audience-options'] as const,
  mine: ['certifications', 'mine'] as const,
  submissions: (query: Query) => ['certifications', 'submissions', query] as const,
};

export const getCertificationTypes = (query: Query) =>
  api<CertificationTypePage>('/api/certification-types', { query });

/** Refetched by every `listing_changed` of the company: a record moves the counts. */
export const useCertificationTypes = (query: Query) =>
  useQuery({
    queryKey: certificationKeys.list(query),
    queryFn: () => getCertificationTypes(query),
    placeholderData: keepPreviousData,
  });

export const getCertificationType = (uuid: string) =>
  api<CertificationTypeWithCounts>(`/api/certification-types/${uuid}`);
export const useCertificationType = (uuid: string) =>
  useQuery({ queryKey: certificationKeys.detail(uuid), queryFn: () => getCertificationType(uuid) });
