import { z } from 'zod';

export const DashboardSummarySchema = z.object({
  members: z.number().int(),
  admins: z.number().int(),
  teams: z.number().int(),
  disabledMembers: z.number().int(),
  pendingJoinRequests: z.number().int(),
  pendingInvitations: z.number().int(),
  /** The company's plan and, while it is on trial, when the trial ends (ISO instant). */
  plan: z.string(),
  trialEndsAt: z.string().nullable(),
  /** IANA zone that decides what "today" is for the company; 'UTC' until someone sets it. */
  timeZone: z.string(),
});
