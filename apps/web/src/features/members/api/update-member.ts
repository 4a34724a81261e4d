import type { Member, MemberUpdate } from '@wac/shared/schemas/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Carries the version read; a stale one gets 409 VERSION_CONFLICT (shown inline by the form). */
export const updateMember = (uuid: string, body: MemberUpdate) =>
  api<Member>(`/api/members/${uuid}`, { method: 'PATCH', body, silent: true });

export const useUpdateMember = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberUpdate) => updateMember(uuid, body),
    onSuccess: (m) => qc.setQueryData(['members', 'one', uuid], m),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['members', 'list'] }),
  });
};
