import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/download';
import type { Profile } from './get-profile';

export const uploadAvatar = (file: File, version: number) =>
  uploadFile<Profile>('/api/profile/avatar', file, { version }, true);

export const useUploadAvatar = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, version }: { file: File; version: number }) => uploadAvatar(file, version),
    onSuccess: (p) => qc.setQueryData(['profile'], p),
  });
};
