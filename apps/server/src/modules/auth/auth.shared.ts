import { createHmac } from 'node:crypto';
import { OTP_MAX_ATTEMPTS } from '@wac/shared/constants';
import type { ErrorCode } from '@wac/shared/errors';
import type { SessionUser, TokenResponse } from '@wac/shared/schemas/auth';
import type { Tx } from '../../db/client';
import type { Ctx, Infra } from '../../lib/context';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { hashPassword } from '../../lib/password';
import * as repo from './auth.repository';

/** What the sign-in flows share: codes, session opening, tokens. Not a service: the flows' services use it. */

export const DAY_MS = 86_400_000;
export const USER_AGENT_MAX = 300;

export type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

/** Codes are only 6 digits: keyed and bound to their row, so a leaked table cannot be brute-forced offline. */
export const otpHash = (infra: Pick<Infra, 'config'>, id: string, code: string) =>
  createHmac('sha256', infra.config.jwtSecret).update(`${id}:${code}`).digest('hex');

let dummyHash: Promise<string> | undefined;
/** A real Argon2id hash to verify against when the account does not exist: same cost, same timing. */
export const getDummyHash = () => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};

export const userAgentOf = (ctx: Ctx) => ctx.actor.userAgent?.slice(0, USER_AGENT_MAX) ?? null;

function sessionUser(user: UserRow, companyUuids: string[]): SessionUser {
  return {
    uuid: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    avatar: user.avatar,
    language: user.language,
    roles: user.roles,
    companyUuids,
  };
}

/** A user with no company at all cannot use the console; platform admins (global roles) can. */
export const mayHoldSession = (user: UserRow, companyIds: string[]) => companyIds.length > 0 || user.roles.length > 0;

export async function signFor(
  infra: Infra,
  user: UserRow,
  companyIds: string[],
  sessionId: string,
  cid: string | null,
) {
  const accessToken = await infra.tokens.sign({
    uuid: user.id,
    companyUuids: companyIds,
    roles: user.roles,
    sid: sessionId,
    cid,
  });
  return {
    accessToken,
    tokenType: 'Bearer' as const,
    expiresIn: infra.tokens.ttlSeconds,
    user: sessionUser(user, companyIds),
    visiting: cid && !companyIds.includes(cid) ? await visitedCompany(infra, cid, user) : null,
  };
}

/**
 * A session on a company the user is no member of: only a super admin opens one (decision 012),
 * read-only unless `super_admin_write`. The console shows which company and in what mode.
 */
async function visitedCompany(infra: Infra, cid: string, user: UserRow) {
  // A session outliving its member's removal renews here too: that is no visit (the console moves
  // him to a company of his), and every request in it is refused anyway.
  if (!user.roles.includes('super_admin')) return null;
  const company = await infra.db.system((tx) => repo.findCompany(tx, cid));
  if (!company) return null;
  return {
    company: { uuid: company.id, name: company.name, subDomain: company.subDomain, logo: company.logo },
    write: user.roles.includes('super_admin_write'),
  };
}

/** Tokens for the body and the refresh token the route puts in its HttpOnly cookie. */
export interface OpenedSession {
  tokens: TokenResponse;
  refreshToken: string;
}

/**
 * Opens a session (refresh-token family) on the context's host and answers its first tokens;
 * `parentId` is the browser's sign-in it was opened from through a switch code.
 */
export async function openSession(
  ctx: Ctx,
  user: UserRow,
  companyIds: string[],
  parentId: string | null = null,
): Promise<OpenedSession> {
  const refreshToken = randomToken();
  const cid = ctx.host?.id ?? null;
  const sessionId = await ctx.system(async (tx) => {
    const id = await repo.insertSession(tx, {
      userId: user.id,
      companyId: cid,
      parentId,
      userAgent: userAgentOf(ctx),
      ip: ctx.actor.ip ?? '',
      expiresAt: new Date(Date.now() + ctx.infra.config.refreshTokenTtlDays * DAY_MS),
    });
    await repo.insertRefreshToken(tx, id, sha256(refreshToken));
    return id;
  });
  return { tokens: await signFor(ctx.infra, user, companyIds, sessionId, cid), refreshToken };
}

type OtpRow = NonNullable<Awaited<ReturnType<typeof repo.lockOtp>>>;

/**
 * Checks a code against its (locked) row. A wrong guess is counted in the same transaction, which
 * must then commit: callers return the error code and throw only after the transaction.
 */
export async function checkOtp(infra: Infra, tx: Tx, row: OtpRow | null, code: string): Promise<ErrorCode | null> {
  if (!row || row.consumedAt) return 'INVALID_OTP';
  if (row.expiresAt <= new Date()) return 'OTP_EXPIRED';
  if (row.attempts >= OTP_MAX_ATTEMPTS) return 'OTP_TOO_MANY_ATTEMPTS';
  if (!safeEqual(row.codeHash, otpHash(infra, row.id, code))) {
    await repo.countOtpAttempt(tx, row.id);
    return 'INVALID_OTP';
  }
  return null;
}
