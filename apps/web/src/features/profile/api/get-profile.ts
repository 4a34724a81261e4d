import type { ProfileSchema } from '@wac/shared/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type Profile = z.infer<typeof ProfileSchema>;

export const getProfile = () => api<Profile>('/api/profile');

export const useProfile = () => useQuery({ queryKey: ['profile'], queryFn: getProfile });
