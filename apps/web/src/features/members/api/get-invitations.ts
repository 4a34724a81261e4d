import type { InvitationPageSchema } from '@wac/shared/schemas/invitations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type InvitationPage = z.infer<typeof InvitationPageSchema>;
export type Invitation = InvitationPage['data'][number];

export const getInvitations = (query: Record<string, string | number | undefined>) =>
  api<InvitationPage>('/api/invitations', { query });

export const useInvitations = (query: Record<string, string | number | undefined>) =>
  useQuery({
    queryKey: ['invitations', query],
    queryFn: () => getInvitations(query),
    placeholderData: keepPreviousData,
  });
