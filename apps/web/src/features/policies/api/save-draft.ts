import type { PolicyVersion } from '@wac/shared/schemas/policies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { policyKeys } from './get-policies';

/** The draft as rich text (the server sanitises it and refuses scripts and event handlers). */
export const saveDraftText = (uuid: string, html: string) =>
  api<PolicyVersion>(`/api/policies/${uuid}/draft`, { method: 'PUT', body: { html }, silent: true });

/** The draft as a PDF (≤ 2 MB; the server checks its content). */
export const saveDraftPdf = (uuid: string, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return api<PolicyVersion>(`/api/policies/${uuid}/draft/pdf`, { method: 'PUT', body, silent: true });
};

export const useSaveDraft = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { html: string } | { file: File }) =>
      'html' in body ? saveDraftText(uuid, body.html) : saveDraftPdf(uuid, body.file),
    onSuccess: () => qc.invalidateQueries({ queryKey: policyKeys.all }),
  });
};
