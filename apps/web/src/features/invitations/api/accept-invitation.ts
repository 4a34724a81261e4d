import type { InvitationAcceptNewSchema, InvitationAcceptedSchema } from '@wac/shared/schemas/invitations';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type Accepted = z.infer<typeof InvitationAcceptedSchema>;
const base = (token: string) => `/api/invitations/by-token/${encodeURIComponent(token)}`;

/** A new person: names and password create the account and the membership. */
export const acceptAsNewUser = (token: string, body: z.output<typeof InvitationAcceptNewSchema>) =>
  api<Accepted>(`${base(token)}/accept-new`, { method: 'POST', body, silent: true });

/** A signed-in person with the invited e-mail joins. */
export const acceptAsSignedIn = (token: string) =>
  api<Accepted>(`${base(token)}/accept`, { method: 'POST', silent: true });
