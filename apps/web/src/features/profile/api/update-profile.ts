import type { ProfileUpdateSchema } from '@wac/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { reloadUser } from '../../../lib/session/session';
import type { Profile } from './get-profile';

export const updateProfile = (body: z.output<typeof ProfileUpdateSchema>) =>
  api<Profile>('/api/profile', { method: 'PATCH', body, silent: true });

export const useUpdateProfile = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (p) => {
      qc.setQueryData(['profile'], p);
      // The session's user (name in the menu, greeting) comes from a fresh token.
      await reloadUser();
    },
  });
};
