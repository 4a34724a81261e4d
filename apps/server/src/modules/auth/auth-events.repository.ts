import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/sql';

/** Whether the user is a member of the company (any status). */
export async function isMember(tx: Tx, companyId: string, userId: string) {
  const found = await rows<{ ok: number }>(
    tx,
    sql`SELECT 1 AS ok FROM memberships WHERE company_id = ${companyId} AND user_id = ${userId}`,
  );
  return found.length > 0;
}

/** One lock-out entry per account and window: every refused attempt after it would say nothing new. */
export async function recentLockout(tx: Tx, companyId: string | null, email: string) {
  const found = await rows<{ ok: number }>(
    tx,
    sql`SELECT 1 AS ok FROM audit_log a LEFT JOIN users u ON u.id::text = a.target_id
        WHERE a.action = 'auth.locked_out' AND a.company_id IS NOT DISTINCT FROM ${companyId}
          AND a.created_at > now() - interval '15 minutes'
          AND (lower(u.email) = ${email.toLowerCase()} OR a.after->>'email' = ${email.toLowerCase()})
        LIMIT 1`,
  );
  return found.length > 0;
}
