import { z } from 'zod';

export const DashboardSummarySchema = z.object({
  members: z.number().int(),
  admins: z.number().int(),
  teams: z.number().int(),
  /** Disabled memberships, waiting join requests and invitations: null for a caller who may not read the company's users. */
  disabledMembers: z.number().int().nullable(),
  pendingJoinRequests: z.number().int().nullable(),
  pendingInvitations: z.number().int().nullable(),
  /**
   * The company's plan and, while it is on trial, when the trial ends (ISO instant): the business
   * of whoever runs the company (subject `dashboard`); null for anyone else.
   */
  plan: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  /** IANA zone that decides what "today" is for the company; 'UTC' until someone sets it. */
  timeZone: z.string(),
});

/** A time-off request of the caller's that has not ended yet (company days, `YYYY-MM-DD`). */
export const UpcomingLeaveSchema = z.object({
  type: z.object({ name: z.string() }),
  startDate: z.string(),
  endDate: z.string(),
});
export type UpcomingLeave = z.infer<typeof UpcomingLeaveSchema>;

/**
 * What needs attention today, for the caller: each section is there only when the caller may act on
 * it (null otherwise), so a member's answer holds nothing of the company's attendance or backlog.
 */
export const DashboardOverviewSchema = z.object({
  /** Today's day board counts (admins of attendance), for the company's current day. */
  attendance: z
    .object({
      date: z.string(),
      counts: z.record(z.string(), z.number().int()),
    })
    .nullable(),
  approvals: z.object({
    /** Time-off requests waiting for the caller (an admin: all; a manager: their reports'); null for someone who approves none. */
    timeOff: z.number().int().nullable(),
    /** Attendance correction requests waiting for an admin. */
    corrections: z.number().int().nullable(),
    /** Join requests waiting for an admin. */
    joinRequests: z.number().int().nullable(),
    /** Certificates members uploaded, waiting for a compliance admin's approval. */
    certificationUploads: z.number().int().nullable(),
  }),
  /** Acknowledgements across the active policies, and certifications needing attention (compliance admins). */
  compliance: z
    .object({
      activePolicies: z.number().int(),
      outstanding: z.number().int(),
      overdue: z.number().int(),
      /** Certifications expiring within 30 days, expired, and missing (needed, never recorded), on the company's day. */
      certificationsExpiring: z.number().int(),
      certificationsExpired: z.number().int(),
      certificationsMissing: z.number().int(),
    })
    .nullable(),
  /**
   * The caller's own leave still to come (ending today or later, on the company's day): the next
   * approved request and the next one awaiting approval, each null when there is none.
   */
  myLeave: z.object({
    approved: UpcomingLeaveSchema.nullable(),
    pending: UpcomingLeaveSchema.nullable(),
  }),
});
export type DashboardOverview = z.infer<typeof DashboardOverviewSchema>;
