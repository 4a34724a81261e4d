import type { InvitationPublicSchema } from '@wac/shared/schemas/invitations';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type PublicInvitation = z.infer<typeof InvitationPublicSchema>;

/** Public: what the invitation is for (company, e-mail), before the person acts. */
export const getInvitation = (token: string) =>
  api<PublicInvitation>(`/api/invitations/by-token/${encodeURIComponent(token)}`, { silent: true });
