import type { DashboardOverview } from '@wac/shared/schemas/dashboard';
import { concurrently, joinTransaction, type TenantCtx } from '../../lib/context';
import * as attendanceBoard from '../attendance/board.service';
import * as corrections from '../attendance/corrections.service';
import * as certifications from '../certifications/certifications.service';
import * as certificationUploads from '../certifications/submissions.service';
import * as tracking from '../policies/tracking.service';
import * as timeOffRequests from '../time-off/requests.service';
import * as repo from './dashboard.repository';

/** The figures of the dashboard's first row, for the Host's company. */
export const summary = (ctx: TenantCtx) => ctx.run((tx) => repo.summary(tx, ctx.companyId));

/** What of the summary the caller may read beyond the headcounts; the route derives it from the caller's permissions. */
export interface SummarySees {
  /** Disabled members, waiting join requests and invitations (reads the company's users). */
  joinRequests: boolean;
  /** The plan and the trial's end (runs the company). */
  plan: boolean;
}

/**
 * The summary as the caller may read it: a member sees how many people and teams there are, not
 * who was disabled (the directory hides them from colleagues), the admins' queues or the plan.
 */
export async function summaryFor(ctx: TenantCtx, sees: SummarySees) {
  const s = await summary(ctx);
  return {
    ...s,
    disabledMembers: sees.joinRequests ? s.disabledMembers : null,
    pendingJoinRequests: sees.joinRequests ? s.pendingJoinRequests : null,
    pendingInvitations: sees.joinRequests ? s.pendingInvitations : null,
    plan: sees.plan ? s.plan : null,
    trialEndsAt: sees.plan ? s.trialEndsAt : null,
  };
}

/** What the caller may act on; the route derives it from the caller's permissions. */
export interface OverviewSees {
  attendance: boolean;
  /** Approves every time-off request (an admin); otherwise only their reports' (a manager), if any. */
  timeOffAdmin: boolean;
  joinRequests: boolean;
  compliance: boolean;
}

/**
 * What needs attention today: the day board's counts, the approvals waiting for the caller and the
 * compliance backlog, each read by the service that owns it (the same figures as its own screen),
 * and only where the caller may act. All of them in one transaction: one connection of the pool
 * per answer, not seven at once, and one snapshot. The reads go side by side (`concurrently`): on
 * PostgreSQL their nine statements take three round trips, not nine. The caller's own coming leave
 * (approved and awaiting approval) is one of them, for every member.
 */
export async function overview(ctx: TenantCtx, sees: OverviewSees): Promise<DashboardOverview> {
  const [timeOff, myLeave, pendingCorrections, counts, policies, certs, board, uploads] = await ctx.run((tx) => {
    const one = joinTransaction(ctx, tx);
    const none = async () => null;
    return concurrently(tx, [
      () => timeOffRequests.approvalCount(one, { asAdmin: sees.timeOffAdmin }),
      () => timeOffRequests.upcomingMine(one),
      sees.attendance ? () => corrections.pendingCount(one) : none,
      sees.joinRequests ? () => summary(one) : none,
      sees.compliance ? () => tracking.complianceSummary(one) : none,
      sees.compliance ? () => certifications.backlog(one) : none,
      sees.attendance ? () => attendanceBoard.todayCounts(one) : none,
      sees.compliance ? () => certificationUploads.pendingCount(one) : none,
    ] as const);
  });
  return {
    attendance: board ? { date: board.date, counts: board.counts } : null,
    approvals: {
      timeOff: timeOff.isApprover ? timeOff.pending : null,
      corrections: pendingCorrections ? pendingCorrections.count : null,
      joinRequests: counts ? counts.pendingJoinRequests : null,
      certificationUploads: uploads,
    },
    compliance:
      policies && certs
        ? {
            ...policies,
            certificationsExpiring: certs.expiring,
            certificationsExpired: certs.expired,
            certificationsMissing: certs.missing,
          }
        : null,
    myLeave,
  };
}
