import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditLog, companies, memberships, sessions } from '../../db/schema/index';
import { revokeWhere } from './auth.repository';

// A browser's sign-in and the sessions it opened on company hosts through switch codes (a family).

/** The browser sign-in a session belongs to: its parent, or itself when it was opened by a sign-in. */
export async function familyRoot(tx: Tx, sessionId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: sessions.id, parentId: sessions.parentId })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ? (row.parentId ?? row.id) : null;
}

/** Whether a session is alive (not revoked, not expired). */
export async function isLive(tx: Tx, sessionId: string) {
  const [row] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return Boolean(row);
}

/** Ends a browser's whole sign-in: the root session and every session opened from it, on every host. */
export async function revokeFamily(tx: Tx, sessionId: string, reason: string) {
  const root = await familyRoot(tx, sessionId);
  if (!root) return [];
  return revokeWhere(tx, reason, or(eq(sessions.id, root), eq(sessions.parentId, root)));
}

/**
 * Whether the user may enter the company's console: an enabled membership in an enabled company.
 * (A super admin's entry is decided by the caller.)
 */
export async function mayEnter(tx: Tx, userId: string, companyId: string) {
  const [row] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.companyId, companyId),
        eq(memberships.enabled, true),
        eq(companies.enabled, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Whether a company admin ended the user's sessions on this company (`member.sessions_revoke` in its
 * audit log) after the sign-in `rootId` began. That revoke ends the sessions on the company's host
 * and the base-domain sign-ins, not those on other companies' hosts (one company's admin signs nobody
 * out of another); a sign-in there that began before it opens no new session on this company.
 */
export async function revokedByCompanySince(tx: Tx, userId: string, companyId: string, rootId: string) {
  const [row] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .innerJoin(sessions, eq(sessions.id, rootId))
    .where(
      and(
        eq(auditLog.companyId, companyId),
        eq(auditLog.targetType, 'user'),
        eq(auditLog.targetId, userId),
        eq(auditLog.action, 'member.sessions_revoke'),
        gt(auditLog.createdAt, sessions.createdAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
