import { z } from 'zod';

export const RealtimeTicketSchema = z.object({
  ticket: z.string(),
  /** Seconds the ticket stays valid; it works once. */
  expiresIn: z.number().int(),
});
export type RealtimeTicket = z.infer<typeof RealtimeTicketSchema>;

/** Query of the socket upgrade: the SPA's base path and a ticket from POST /api/realtime/ticket. */
export const RealtimeConnectQuerySchema = z.object({
  basename: z.literal('/admin').optional(),
  ticket: z.string().min(16).max(128),
});
