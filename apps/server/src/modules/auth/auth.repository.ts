import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  auditLog,
  companies,
  memberships,
  otpCodes,
  refreshTokens,
  sessions,
  switchCodes,
  users,
} from '../../db/schema/index';

export type OtpPurpose = 'register' | 'reset';

export async function findUserByEmail(tx: Tx, email: string) {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserById(tx: Tx, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function subDomainExists(tx: Tx, subDomain: string) {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.subDomain, subDomain))
    .limit(1);
  return Boolean(row);
}

export async function findCompany(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: companies.id, subDomain: companies.subDomain, name: companies.name, logo: companies.logo })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row ?? null;
}

/** Every company the user holds a membership in, enabled or not. */
export async function companyIdsOfUser(tx: Tx, userId: string) {
  const rows = await tx
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.createdAt, memberships.companyId);
  return rows.map((r) => r.companyId);
}

export async function hasMembership(tx: Tx, userId: string, companyId: string) {
  const [row] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
    .limit(1);
  return Boolean(row);
}

// ── One-time codes ──────────────────────────────────────────────────────────────────────────

export async function insertOtp(
  tx: Tx,
  values: { id: string; purpose: OtpPurpose; email: string; codeHash: string; payload?: unknown; expiresAt: Date },
) {
  await tx.insert(otpCodes).values({ ...values, payload: values.payload ?? null });
}

/** Locks the row so concurrent guesses are counted one after the other. */
export async function lockOtp(tx: Tx, id: string, purpose: OtpPurpose) {
  const [row] = await tx
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.id, id), eq(otpCodes.purpose, purpose)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The newest unconsumed code of an email for a purpose, locked. */
export async function lockLatestOtp(tx: Tx, email: string, purpose: OtpPurpose) {
  const [row] = await tx
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function countOtpAttempt(tx: Tx, id: string) {
  const [row] = await tx
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(eq(otpCodes.id, id))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts ?? 0;
}

export async function consumeOtp(tx: Tx, id: string) {
  await tx.update(otpCodes).set({ consumedAt: new Date() }).where(eq(otpCodes.id, id));
}

/** A fresh code for the same pending registration: new hash, new expiry, tries start again. */
export async function replaceOtpCode(tx: Tx, id: string, codeHash: string, expiresAt: Date) {
  await tx.update(otpCodes).set({ codeHash, expiresAt, attempts: 0 }).where(eq(otpCodes.id, id));
}

/** Older pending codes stop working when a new one is mailed or one is used. */
export async function consumePendingOtps(tx: Tx, email: string, purpose: OtpPurpose) {
  await tx
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
}

// ── Sign-up ─────────────────────────────────────────────────────────────────────────────────

export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  language: string | null;
  companyName: string;
  subDomain: string;
  plan: string;
  trialEndsAt: Date;
  accountType: string;
}

export async function createAccount(tx: Tx, a: NewAccount) {
  const [user] = await tx
    .insert(users)
    .values({
      email: a.email,
      passwordHash: a.passwordHash,
      firstName: a.firstName,
      lastName: a.lastName,
      phone: a.phone,
      language: a.language,
    })
    .returning();
  const [company] = await tx
    .insert(companies)
    .values({
      name: a.companyName,
      title: a.companyName,
      subDomain: a.subDomain,
      plan: a.plan,
      trialEndsAt: a.trialEndsAt,
      accountType: a.accountType,
    })
    .returning();
  const [membership] = await tx
    .insert(memberships)
    .values({ companyId: company!.id, userId: user!.id, roles: ['admin'] })
    .returning();
  return { user: user!, company: company!, membership: membership! };
}

export async function insertAudit(
  tx: Tx,
  values: {
    companyId: string | null;
    actorUserId: string | null;
    action: string;
    targetType: string;
    targetId: string;
    after?: unknown;
    ip: string;
    userAgent: string | null;
  },
) {
  await tx.insert(auditLog).values({ ...values, after: values.after ?? null });
}

export async function setPassword(tx: Tx, userId: string, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

// ── Sessions and refresh tokens ─────────────────────────────────────────────────────────────

export async function insertSession(
  tx: Tx,
  values: {
    userId: string;
    companyId: string | null;
    parentId?: string | null;
    userAgent: string | null;
    ip: string;
    expiresAt: Date;
  },
) {
  const [row] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
  return row!.id;
}

export async function insertRefreshToken(tx: Tx, sessionId: string, tokenHash: string) {
  await tx.insert(refreshTokens).values({ sessionId, tokenHash });
}

export async function findRefreshToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      userId: sessions.userId,
      companyId: sessions.companyId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks a refresh token used; false when another request used it first (a reuse). */
export async function useRefreshToken(tx: Tx, tokenHash: string) {
  const rows = await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId });
  return rows.length === 1;
}

/** The `used_at` of a token that was never delivered: long past any retry's grace. */
const SUPERSEDED = new Date(0);

/**
 * Marks the session's unused refresh tokens superseded (the answer that carried them was lost, and
 * the token before them came back within the grace): used, at the epoch, so presenting one of them
 * later is a reuse, never a retry. Answers how many there were.
 */
export async function supersedeUnused(tx: Tx, sessionId: string) {
  const rows = await tx
    .update(refreshTokens)
    .set({ usedAt: SUPERSEDED })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.usedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return rows.length;
}

/** Whether a refresh token of the session was used after `since` (the token used then has had a successor in use). */
export async function usedAfter(tx: Tx, sessionId: string, since: Date) {
  const rows = await tx
    .select({ tokenHash: refreshTokens.tokenHash })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessionId), gt(refreshTokens.usedAt, since)))
    .limit(1);
  return rows.length > 0;
}

export async function extendSession(tx: Tx, sessionId: string, expiresAt: Date) {
  await tx.update(sessions).set({ lastUsedAt: new Date(), expiresAt }).where(eq(sessions.id, sessionId));
}

/** Revokes live sessions matching `where`; answers the ids and users that were still live. */
export async function revokeWhere(tx: Tx, reason: string, where: ReturnType<typeof and>) {
  return tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(where, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userId: sessions.userId });
}

export const revokeSession = (tx: Tx, sessionId: string, reason: string) =>
  revokeWhere(tx, reason, eq(sessions.id, sessionId));

/**
 * A company's reach over a user's sessions: those on its host, and the user's base-domain sign-ins,
 * which could open a new session on its host with a switch code at any time.
 */
const reachableFrom = (companyId: string) => or(eq(sessions.companyId, companyId), isNull(sessions.companyId));

/** Every live session of a user, or only those that can act on one company (a company admin's revoke). */
export const revokeUserSessions = (tx: Tx, userId: string, reason: string, companyId: string | null = null) =>
  revokeWhere(
    tx,
    reason,
    companyId ? and(eq(sessions.userId, userId), reachableFrom(companyId)) : eq(sessions.userId, userId),
  );

export async function sessionBelongsTo(tx: Tx, userId: string, sessionId: string) {
  const [row] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Sessions that still work: not revoked, not expired; only those on one company's host when given. */
const liveSessionsOf = (userId: string, companyId: string | null = null) =>
  and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    companyId ? reachableFrom(companyId) : undefined,
  );

/** One live session of a user on one company's host (a company admin's per-session revoke). */
export const revokeLiveSession = (tx: Tx, userId: string, companyId: string, sessionId: string, reason: string) =>
  revokeWhere(tx, reason, and(liveSessionsOf(userId, companyId), eq(sessions.id, sessionId)));

/** A user's live sessions, most recently used first; on one company's host only when `companyId` is given. */
export function liveSessions(
  tx: Tx,
  userId: string,
  { companyId = null, limit, offset = 0 }: { companyId?: string | null; limit: number; offset?: number },
) {
  return tx
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      parentId: sessions.parentId,
      companySubDomain: companies.subDomain,
    })
    .from(sessions)
    .leftJoin(companies, eq(companies.id, sessions.companyId))
    .where(liveSessionsOf(userId, companyId))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
    .limit(limit)
    .offset(offset);
}

export async function listLiveSessions(tx: Tx, userId: string, page: number, itemsPerPage: number) {
  const rows = await liveSessions(tx, userId, { limit: itemsPerPage, offset: (page - 1) * itemsPerPage });
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(sessions).where(liveSessionsOf(userId));
  return { rows, totalItems: count?.n ?? 0 };
}

// ── Switch codes ────────────────────────────────────────────────────────────────────────────

export async function insertSwitchCode(
  tx: Tx,
  values: { codeHash: string; userId: string; companyId: string; sessionId?: string | null; expiresAt: Date },
) {
  await tx.insert(switchCodes).values(values);
}

/** Uses a code in one statement: only once, only before expiry, only on its own company's host. */
export async function redeemSwitchCode(tx: Tx, codeHash: string, companyId: string) {
  const [row] = await tx
    .update(switchCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(switchCodes.codeHash, codeHash),
        eq(switchCodes.companyId, companyId),
        isNull(switchCodes.usedAt),
        gt(switchCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: switchCodes.userId, sessionId: switchCodes.sessionId });
  return row ?? null;
}

// ── Housekeeping ────────────────────────────────────────────────────────────────────────────

/**
 * Deletes what can no longer matter: rate-limit windows long past, codes past their use, and
 * sessions well after their end (their refresh tokens go with them). Revoked sessions are kept a
 * while so reuse of their tokens still reads as "ended", not "unknown".
 */
export async function purgeExpired(tx: Tx) {
  await tx.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  await tx.execute(sql`delete from otp_codes where created_at < now() - interval '2 days'`);
  await tx.execute(sql`delete from switch_codes where expires_at < now() - interval '1 hour'`);
  await tx.execute(
    sql`delete from sessions where expires_at < now() - interval '7 days' or revoked_at < now() - interval '30 days'`,
  );
}
