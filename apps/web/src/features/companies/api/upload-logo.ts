import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/download';
import type { Company } from './get-companies';

/** Silent: the server's size/type refusal shows under the file field. */
export const uploadLogo = (uuid: string, file: File, version: number) =>
  uploadFile<Company>(`/api/companies/${uuid}/logo`, file, { version }, true);

export const useUploadLogo = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, version }: { file: File; version: number }) => uploadLogo(uuid, file, version),
    onSuccess: (c) => qc.setQueryData(['companies', 'one', uuid], c),
  });
};
