import type { LoginSchema } from '@wac/shared/schemas/auth';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import { recordAuthEvent } from './auth-events';
import * as repo from './auth.repository';
import * as family from './session-family.repository';
import { DAY_MS, getDummyHash, mayHoldSession, type OpenedSession, openSession, signFor } from './auth.shared';
import { forgive, hit } from './rate-limit';
import { publishLoggedOut } from './sessions.service';

/** Sign-in, refresh and sign-out. The refresh token travels in a cookie that only the routes touch. */

export async function login(ctx: Ctx, input: z.infer<typeof LoginSchema>): Promise<OpenedSession> {
  await hit(ctx.infra, 'loginIp', ctx.actor.ip ?? '');
  try {
    await hit(ctx.infra, 'loginAccount', input.email);
  } catch (e) {
    if (e instanceof AppError && e.code === 'RATE_LIMITED') {
      const locked = await ctx.system((tx) => repo.findUserByEmail(tx, input.email));
      await recordAuthEvent(ctx, { action: 'auth.locked_out', userId: locked?.id ?? null, email: input.email });
    }
    throw e;
  }
  const user = await ctx.system((tx) => repo.findUserByEmail(tx, input.email));
  const hashed = user?.passwordHash ?? (await getDummyHash());
  const valid = await verifyPassword(hashed, input.password);
  if (!user?.passwordHash || !valid) {
    await recordAuthEvent(ctx, { action: 'auth.sign_in_failed', userId: user?.id ?? null, email: input.email });
    throw new AppError('INVALID_CREDENTIALS');
  }
  await forgive(ctx.infra, 'loginAccount', input.email);
  const companyIds = await ctx.system((tx) => repo.companyIdsOfUser(tx, user.id));
  if (!mayHoldSession(user, companyIds)) throw new AppError('NOT_PART_OF_ANY_COMPANY');
  const opened = await openSession(ctx, user, companyIds);
  await recordAuthEvent(ctx, { action: 'auth.sign_in', userId: user.id, email: user.email, actorUserId: user.id });
  return opened;
}

/**
 * How long after its use a rotated refresh token may come back as a retry of an answer that never
 * arrived (the grace of Auth0's "reuse interval" and Okta's "grace period"), not as a copy.
 */
export const REFRESH_RETRY_GRACE_MS = 30_000;

/**
 * Exchanges the refresh token of the cookie for new tokens, rotating it. Every refusal is an
 * AppError after which the route clears the cookie; a reused token has taken its whole family with it.
 */
export async function refresh(ctx: Ctx, presented: string | undefined): Promise<OpenedSession> {
  if (!presented || presented.length > 200) throw new AppError('REFRESH_INVALID');
  const hashed = sha256(presented);
  const next = randomToken();
  const cid = ctx.host?.id ?? null;
  const outcome = await ctx.system(async (tx) => {
    const row = await repo.findRefreshToken(tx, hashed);
    if (!row || row.revokedAt || row.expiresAt <= new Date()) return { error: 'REFRESH_INVALID' as const };
    // The cookie is host-only; a token from another host is simply not this host's session.
    if (row.companyId !== cid) return { error: 'REFRESH_INVALID' as const };
    if (row.usedAt || !(await repo.useRefreshToken(tx, hashed))) {
      // A rotated token came back. Within a few seconds of its use, while the token that replaced it
      // has never been used, it is the same browser whose answer was lost (a reload or a closed tab
      // while the renewal was on its way): it gets a new one, and the lost one can no longer be
      // used (it would read as a copy). Otherwise someone holds a copy. End the family for everyone
      // (RFC 9700 §4.14.2): the browser's whole sign-in, as signing out does (decision 012), or the
      // copy's holder could come straight back through the base-domain sign-in it was opened from.
      const retry =
        !row.usedAt ||
        (Date.now() - row.usedAt.getTime() < REFRESH_RETRY_GRACE_MS &&
          !(await repo.usedAfter(tx, row.sessionId, row.usedAt)));
      if (!retry || (await repo.supersedeUnused(tx, row.sessionId)) === 0) {
        const revoked = await family.revokeFamily(tx, row.sessionId, 'refresh_token_reuse');
        return { error: 'REFRESH_INVALID' as const, revoked };
      }
    }
    const user = await repo.findUserById(tx, row.userId);
    const companyIds = user ? await repo.companyIdsOfUser(tx, user.id) : [];
    if (!user || !mayHoldSession(user, companyIds)) {
      const revoked = await repo.revokeSession(tx, row.sessionId, 'no_company');
      return { error: 'NOT_PART_OF_ANY_COMPANY' as const, revoked };
    }
    await repo.insertRefreshToken(tx, row.sessionId, sha256(next));
    await repo.extendSession(tx, row.sessionId, new Date(Date.now() + ctx.infra.config.refreshTokenTtlDays * DAY_MS));
    return { user, companyIds, sessionId: row.sessionId };
  });
  if ('error' in outcome) {
    if (outcome.revoked) await publishLoggedOut(ctx, outcome.revoked);
    throw new AppError(outcome.error ?? 'REFRESH_INVALID');
  }
  return {
    tokens: await signFor(ctx.infra, outcome.user, outcome.companyIds, outcome.sessionId, cid),
    refreshToken: next,
  };
}

/**
 * Ends the session of the cookie and of the Bearer token, if any, with their whole family (the
 * browser's sign-in and every session opened from it); idempotent (the route clears the cookie).
 */
export async function logout(ctx: Ctx, presented: string | undefined) {
  const revoked = await ctx.system(async (tx) => {
    const ids = new Set<string>();
    if (ctx.actor.sessionId) ids.add(ctx.actor.sessionId);
    if (presented && presented.length <= 200) {
      const row = await repo.findRefreshToken(tx, sha256(presented));
      if (row) ids.add(row.sessionId);
    }
    // Signing out anywhere ends the browser's whole sign-in: every company host it opened.
    const out: Array<{ id: string; userId: string }> = [];
    for (const id of ids) out.push(...(await family.revokeFamily(tx, id, 'logout')));
    return out;
  });
  await publishLoggedOut(ctx, revoked);
  return { ok: true as const };
}
