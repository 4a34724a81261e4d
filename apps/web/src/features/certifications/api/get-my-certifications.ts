import type { MyCertificationList } from '@wac/shared/schemas/certifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { certificationKeys } from './get-certification-types';

export const getMyCertifications = () => api<MyCertificationList>('/api/my-certifications');
export const useMyCertifications = () => useQuery({ queryKey: certificationKeys.mine, queryFn: getMyCertifications });
