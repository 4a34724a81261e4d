import type { CertificationHoldersPage } from '@wac/shared/schemas/certifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { certificationKeys } from './get-certification-types';

type Query = Record<string, string | number | undefined>;
export type HolderRow = CertificationHoldersPage['data'][number];

export const getHolders = (uuid: string, query: Query) =>
  api<CertificationHoldersPage>(`/api/certification-types/${uuid}/holders`, { query });

/** Who needs a certification and where each stands, a page at a time from the server. */
export const useHolders = (uuid: string, query: Query) =>
  useQuery({
    queryKey: certificationKeys.holders(uuid, query),
    queryFn: () => getHolders(uuid, query),
    placeholderData: keepPreviousData,
  });
