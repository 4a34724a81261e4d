import { userChannel } from '@wac/shared/realtime';
import type { SessionInfo } from '@wac/shared/schemas/auth';
import type { Tx } from '../../db/client';
import { actingUser, type Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { sessionRevokedMessage } from './auth.messages';
import { recordAuthEvent } from './auth-events';
import * as repo from './auth.repository';
import { familyRoot, revokeFamily } from './session-family.repository';

/** Sessions: a user's own list and revocation, and what other modules use to end sessions. */

type Revoked = Array<{ id: string; userId: string }>;

/** Tells the sockets of ended sessions, once the transaction that ended them committed. */
export async function publishLoggedOut(ctx: Ctx, revoked: Revoked) {
  for (const s of revoked) {
    await ctx.publish(userChannel(s.userId), { type: 'user_logged_out', sessionId: s.id });
  }
}

/**
 * Tells every tab of a user that it was signed out (all of its sessions, or those on one company's
 * host with `companyUuid`, or just `sessionId`): for a module that ended sessions in its own transaction.
 */
export async function announceLoggedOut(
  ctx: Ctx,
  target: { userId: string } & ({ companyUuid: string | null } | { sessionId: string }),
) {
  const { userId, ...which } = target;
  await ctx.publish(userChannel(userId), { type: 'user_logged_out', ...which });
}

/** A user's live sessions, inside the caller's transaction (on one company's host with `companyId`). */
export const liveSessionsInTx = (
  tx: Tx,
  { userId, ...opts }: { userId: string; companyId?: string | null; limit: number; offset?: number },
) => repo.liveSessions(tx, userId, opts);

/** Ends a user's sessions (on one company's host with `companyId`) inside the caller's transaction. */
export const revokeUserSessionsInTx = (
  tx: Tx,
  { userId, reason, companyId = null }: { userId: string; reason: string; companyId?: string | null },
) => repo.revokeUserSessions(tx, userId, reason, companyId);

/** Ends one live session of a user on one company's host, inside the caller's transaction. */
export const revokeLiveSessionInTx = (
  tx: Tx,
  { userId, companyId, sessionId, reason }: { userId: string; companyId: string; sessionId: string; reason: string },
) => repo.revokeLiveSession(tx, userId, companyId, sessionId, reason);

/**
 * Ends every live session of a user (password reset, an admin's "revoke"): their refresh tokens
 * stop working at once and their open tabs are told over the real-time bus.
 */
export async function revokeAllSessions(ctx: Ctx, { userId, reason }: { userId: string; reason: string }) {
  const revoked = await ctx.system((tx) => repo.revokeUserSessions(tx, userId, reason));
  await publishLoggedOut(ctx, revoked);
  return revoked.map((s) => s.id);
}

/**
 * The acting user's live sessions, most recently used first. `current` marks this browser's: the
 * session of the request and the rest of its family (its sign-in on the base domain and what that
 * opened on other company hosts), which ending one by one would sign this very browser out.
 */
export async function listSessions(ctx: Ctx, { page, itemsPerPage }: { page: number; itemsPerPage: number }) {
  const userId = actingUser(ctx);
  const { rows, totalItems, root } = await ctx.system(async (tx) => ({
    ...(await repo.listLiveSessions(tx, userId, page, itemsPerPage)),
    root: ctx.actor.sessionId ? await familyRoot(tx, ctx.actor.sessionId) : null,
  }));
  const data: SessionInfo[] = rows.map((r) => ({
    uuid: r.id,
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt.toISOString(),
    current: r.id === ctx.actor.sessionId || (root !== null && (r.id === root || r.parentId === root)),
    companySubDomain: r.companySubDomain,
  }));
  return { data, page, itemsPerPage, totalItems };
}

export async function revokeOwnSession(ctx: Ctx, sessionId: string) {
  const userId = actingUser(ctx);
  const revoked = await ctx.system(async (tx) => {
    // The whole browser, not one of its sessions: its sign-in would open a new one at once.
    const out = (await repo.sessionBelongsTo(tx, userId, sessionId))
      ? await revokeFamily(tx, sessionId, 'revoked_by_user')
      : [];
    if (!out.length && !(await repo.sessionBelongsTo(tx, userId, sessionId))) {
      throw new AppError('NOT_FOUND');
    }
    return out;
  });
  await publishLoggedOut(ctx, revoked);
  if (revoked.length > 0) {
    const email = (await ctx.system((tx) => repo.findUserById(tx, userId)))?.email ?? '';
    await recordAuthEvent(ctx, { action: 'auth.session_revoke', userId, email, actorUserId: userId });
  }
  return { ok: true as const, message: sessionRevokedMessage(ctx.actor.lang) };
}

/** Periodic clean-up of expired auth rows; safe to run from every process at once. */
export async function purgeExpired(ctx: Ctx) {
  await ctx.system((tx) => repo.purgeExpired(tx));
}
