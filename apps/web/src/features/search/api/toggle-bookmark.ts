import type { SearchKind } from '@wac/shared/schemas/search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { searchKeys } from './get-search';

export const createBookmark = (body: { kind: SearchKind; target: string }) =>
  api<{ uuid: string }>('/api/bookmarks', { method: 'POST', body });
export const deleteBookmark = (uuid: string) => api<null>(`/api/bookmarks/${uuid}`, { method: 'DELETE' });

/** Bookmarks a result, or removes the bookmark it has (`uuid`); the search and the list refresh. */
export const useToggleBookmark = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: SearchKind; target: string; uuid: string | null }) =>
      v.uuid ? deleteBookmark(v.uuid) : createBookmark({ kind: v.kind, target: v.target }),
    onSuccess: () => qc.invalidateQueries({ queryKey: searchKeys.all }),
  });
};
