import type { PendingSubmissionPage } from '@wac/shared/schemas/certifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { certificationKeys } from './get-certification-types';

type Query = Record<string, string | number | undefined>;

/** Certificates members uploaded, waiting for an admin (oldest first, paged on the server). */
export const getSubmissions = (query: Query) => api<PendingSubmissionPage>('/api/certification-submissions', { query });

export const useSubmissions = (query: Query) =>
  useQuery({
    queryKey: certificationKeys.submissions(query),
    queryFn: () => getSubmissions(query),
    placeholderData: keepPreviousData,
  });
