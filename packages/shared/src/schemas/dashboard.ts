import { z } from 'zod';

export const DashboardSummarySchema = z.object({
  members: z.number().int(),
  admins: z.number().int(),
  teams: z.number().int(),
  disabledMembers: z.number().int(),
  pendingJoinRequests: z.number().int(),
  pendingInvitations: z.number().int(),
});
