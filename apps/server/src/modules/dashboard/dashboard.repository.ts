import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { iso, rows } from '../../lib/sql';

/**
 * One round trip. The member counts come from the trigger-kept `member_stats` (one row per company,
 * role and enabled state; role '' counts every membership once): counting 100,000 memberships three
 * times cost 35 ms a call. The others are index scans on their (company_id, …) index.
 */
export async function summary(tx: Tx, companyId: string) {
  const [r] = await rows<{
    members: number;
    admins: number;
    teams: number;
    disabled_members: number;
    pending_join_requests: number;
    pending_invitations: number;
    plan: string;
    trial_ends_at: Date | string | null;
    time_zone: string;
  }>(
    tx,
    sql`SELECT
      (SELECT coalesce(sum(n), 0)::int FROM member_stats WHERE company_id = ${companyId} AND role = '') AS members,
      (SELECT coalesce(sum(n), 0)::int FROM member_stats WHERE company_id = ${companyId} AND role = 'admin') AS admins,
      (SELECT count(*)::int FROM teams WHERE company_id = ${companyId}) AS teams,
      (SELECT coalesce(sum(n), 0)::int FROM member_stats WHERE company_id = ${companyId} AND role = '' AND NOT enabled) AS disabled_members,
      (SELECT count(*)::int FROM join_requests WHERE company_id = ${companyId} AND status = 'pending') AS pending_join_requests,
      (SELECT count(*)::int FROM invitations WHERE company_id = ${companyId} AND status = 'pending'
          AND expires_at > now()) AS pending_invitations,
      c.plan, c.trial_ends_at, c.time_zone
    FROM companies c WHERE c.id = ${companyId}`,
  );
  return {
    members: r!.members,
    admins: r!.admins,
    teams: r!.teams,
    disabledMembers: r!.disabled_members,
    pendingJoinRequests: r!.pending_join_requests,
    pendingInvitations: r!.pending_invitations,
    plan: r!.plan,
    trialEndsAt: iso(r!.trial_ends_at),
    timeZone: r!.time_zone,
  };
}
