import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, memberships, sessions, socketTickets, users } from '../../db/schema/index';

export interface TicketGrant {
  userId: string;
  sessionId: string;
  companyId: string | null;
}

export async function insertTicket(tx: Tx, ticketHash: string, grant: TicketGrant, expiresAt: Date) {
  // Spent and expired tickets of this user are useless: drop them as new ones are made.
  await tx
    .delete(socketTickets)
    .where(
      and(
        eq(socketTickets.userId, grant.userId),
        or(lt(socketTickets.expiresAt, sql`now()`), sql`${socketTickets.usedAt} is not null`),
      ),
    );
  await tx.insert(socketTickets).values({ ticketHash, ...grant, expiresAt });
}

/** Marks a ticket of this Host's company used and returns what it grants; null when unknown, spent, expired or another Host's. One statement, so two processes cannot both redeem it. */
export async function redeemTicket(tx: Tx, ticketHash: string, companyId: string | null): Promise<TicketGrant | null> {
  const [row] = await tx
    .update(socketTickets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(socketTickets.ticketHash, ticketHash),
        companyId === null ? isNull(socketTickets.companyId) : eq(socketTickets.companyId, companyId),
        isNull(socketTickets.usedAt),
        gt(socketTickets.expiresAt, sql`now()`),
      ),
    )
    .returning({
      userId: socketTickets.userId,
      sessionId: socketTickets.sessionId,
      companyId: socketTickets.companyId,
    });
  return row ?? null;
}

/** The sessions among `ids` that are still alive. */
export async function liveSessionIds(tx: Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The users among `userIds` who may receive the company's channel: enabled members of an enabled
 * company, or super admins (who may read every company).
 */
export async function companyReaders(tx: Tx, companyId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({
      userId: users.id,
      roles: users.roles,
      memberEnabled: memberships.enabled,
      companyEnabled: companies.enabled,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, companyId))
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.companyId, companyId)))
    .where(inArray(users.id, userIds));
  const allowed = new Set<string>();
  for (const r of rows) {
    if (r.roles.includes('super_admin') || (r.companyEnabled && r.memberEnabled === true)) allowed.add(r.userId);
  }
  return allowed;
}

/** Whether `userId` holds an enabled membership of the company (a visiting super admin does not). */
export async function isEnabledMember(tx: Tx, companyId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId), eq(memberships.enabled, true)))
    .limit(1);
  return !!row;
}
