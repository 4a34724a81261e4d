import { createHmac, randomUUID } from 'node:crypto';
import {
  DEFAULT_PLAN,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  REFRESH_COOKIE,
  SWITCH_CODE_TTL_SECONDS,
  TRIAL_DAYS,
} from '@wac/shared/constants';
import type { ErrorCode } from '@wac/shared/errors';
import { userChannel } from '@wac/shared/realtime';
import type {
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  SessionInfo,
  SessionUser,
  SwitchTarget,
  TokenResponse,
} from '@wac/shared/schemas/auth';
import { proposeSubDomain, RESERVED_SUBDOMAINS, SUBDOMAIN_PATTERN } from '@wac/shared/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { otpCode, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { isCommonPassword, isWorkEmail } from './auth.policy';
import { registerOtpMail, resetOtpMail, sessionRevokedMessage } from './auth.messages';
import * as repo from './auth.repository';
import { hit } from './rate-limit';

const COOKIE_PATH = '/api/jwt';
const DAY_MS = 86_400_000;
const USER_AGENT_MAX = 300;

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────

/** Codes are only 6 digits: keyed and bound to their row, so a leaked table cannot be brute-forced offline. */
const otpHash = (app: FastifyInstance, id: string, code: string) =>
  createHmac('sha256', app.config.jwtSecret).update(`${id}:${code}`).digest('hex');

let dummyHash: Promise<string> | undefined;
/** A real Argon2id hash to verify against when the account does not exist: same cost, same timing. */
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};

function cookieOptions(app: FastifyInstance) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.publicProtocol === 'https',
  };
}

function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions(app),
    maxAge: app.config.refreshTokenTtlDays * 86_400,
  });
}

export function clearRefreshCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(app));
}

async function publishLoggedOut(app: FastifyInstance, revoked: Array<{ id: string; userId: string }>) {
  for (const s of revoked) {
    await app.bus.publish(userChannel(s.userId), { type: 'user_logged_out', sessionId: s.id });
  }
}

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
const mayHoldSession = (user: UserRow, companyIds: string[]) => companyIds.length > 0 || user.roles.length > 0;

async function signFor(
  app: FastifyInstance,
  user: UserRow,
  companyIds: string[],
  sessionId: string,
  cid: string | null,
) {
  const accessToken = await app.tokens.sign({
    uuid: user.id,
    companyUuids: companyIds,
    roles: user.roles,
    sid: sessionId,
    cid,
  });
  return {
    accessToken,
    tokenType: 'Bearer' as const,
    expiresIn: app.tokens.ttlSeconds,
    user: sessionUser(user, companyIds),
  };
}

/** Opens a session (refresh-token family) on the request's host and answers its first tokens. */
async function openSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  companyIds: string[],
): Promise<TokenResponse> {
  const refresh = randomToken();
  const cid = request.company?.id ?? null;
  const sessionId = await app.db.system(async (tx) => {
    const id = await repo.insertSession(tx, {
      userId: user.id,
      companyId: cid,
      userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
      ip: request.ip,
      expiresAt: new Date(Date.now() + app.config.refreshTokenTtlDays * DAY_MS),
    });
    await repo.insertRefreshToken(tx, id, sha256(refresh));
    return id;
  });
  setRefreshCookie(app, reply, refresh);
  return signFor(app, user, companyIds, sessionId, cid);
}

type OtpRow = NonNullable<Awaited<ReturnType<typeof repo.lockOtp>>>;

/**
 * Checks a code against its (locked) row. A wrong guess is counted in the same transaction, which
 * must then commit: callers return the error code and throw only after the transaction.
 */
async function checkOtp(app: FastifyInstance, tx: Tx, row: OtpRow | null, code: string): Promise<ErrorCode | null> {
  if (!row || row.consumedAt) return 'INVALID_OTP';
  if (row.expiresAt <= new Date()) return 'OTP_EXPIRED';
  if (row.attempts >= OTP_MAX_ATTEMPTS) return 'OTP_TOO_MANY_ATTEMPTS';
  if (!safeEqual(row.codeHash, otpHash(app, row.id, code))) {
    await repo.countOtpAttempt(tx, row.id);
    return 'INVALID_OTP';
  }
  return null;
}

function uniqueViolation(e: unknown): string | null {
  for (let err: unknown = e; err && typeof err === 'object'; err = (err as { cause?: unknown }).cause) {
    const { code, constraint } = err as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

// ── Sign-up ─────────────────────────────────────────────────────────────────────────────────

/** What a pending registration keeps until its code is verified: never the plain password. */
const PendingRegistrationSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  subDomain: z.string(),
  subDomainProposed: z.boolean(),
  phone: z.string().nullable(),
  passwordHash: z.string(),
  accountType: z.string(),
  language: z.string().nullable(),
});
type PendingRegistration = z.infer<typeof PendingRegistrationSchema>;

const isUsableLabel = (label: string) => SUBDOMAIN_PATTERN.test(label) && !RESERVED_SUBDOMAINS.includes(label);

/** The sub-domain asked for, or one proposed from the company name and made unique with a suffix. */
async function pickSubDomain(tx: Tx, requested: string | undefined, companyName: string) {
  if (requested) {
    if (await repo.subDomainExists(tx, requested)) throw new AppError('SUBDOMAIN_TAKEN');
    return { subDomain: requested, proposed: false };
  }
  const base = proposeSubDomain(companyName);
  for (let i = 1; i <= 20; i++) {
    const suffix =
      i === 1
        ? ''
        : i <= 10
          ? `-${i}`
          : `-${randomToken(3)
              .toLowerCase()
              .replace(/[^a-z0-9]/g, '0')}`;
    const label = `${base.slice(0, 63 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (isUsableLabel(label) && !(await repo.subDomainExists(tx, label))) return { subDomain: label, proposed: true };
  }
  throw new AppError('SUBDOMAIN_TAKEN');
}

export async function register(app: FastifyInstance, request: FastifyRequest, input: z.infer<typeof RegisterSchema>) {
  await hit(app, 'registerIp', request.ip);
  await hit(app, 'registerEmail', input.email);
  if (!isWorkEmail(input.email)) throw new AppError('WORK_EMAIL_REQUIRED');
  if (isCommonPassword(input.password)) throw new AppError('PASSWORD_TOO_COMMON');
  // The product asks for a clear answer at sign-up, so this does reveal that an address has an
  // account; the per-email and per-IP limits above keep it from being used as a bulk oracle.
  const { subDomain, proposed } = await app.db.system(async (tx) => {
    if (await repo.findUserByEmail(tx, input.email)) throw new AppError('EMAIL_TAKEN');
    return pickSubDomain(tx, input.subDomain, input.companyName);
  });
  const payload: PendingRegistration = {
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
    subDomain,
    subDomainProposed: proposed,
    phone: input.phone ?? null,
    passwordHash: await hashPassword(input.password),
    accountType: input.accountType,
    language: input.language ?? request.lang,
  };
  const id = randomUUID();
  const code = otpCode();
  await app.db.system((tx) =>
    repo.insertOtp(tx, {
      id,
      purpose: 'register',
      email: input.email,
      codeHash: otpHash(app, id, code),
      payload,
      expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
    }),
  );
  await app.mailer.send(registerOtpMail(input.email, code, request.lang));
  return { registrationId: id, email: input.email, subDomain };
}

/** A pending registration can ask for a new code for a day; after that, sign up again. */
const REGISTRATION_RESEND_WINDOW_MS = DAY_MS;

export async function resendRegistration(app: FastifyInstance, request: FastifyRequest, registrationId: string) {
  await hit(app, 'resendRegistration', registrationId);
  const code = otpCode();
  const email = await app.db.system(async (tx) => {
    const row = await repo.lockOtp(tx, registrationId, 'register');
    if (!row || row.consumedAt || row.createdAt.getTime() < Date.now() - REGISTRATION_RESEND_WINDOW_MS) {
      throw new AppError('NOT_FOUND');
    }
    await repo.replaceOtpCode(tx, row.id, otpHash(app, row.id, code), new Date(Date.now() + OTP_TTL_SECONDS * 1000));
    return row.email;
  });
  await app.mailer.send(registerOtpMail(email, code, request.lang));
  return { ok: true as const };
}

export async function verifyRegistration(
  app: FastifyInstance,
  request: FastifyRequest,
  registrationId: string,
  code: string,
): Promise<SwitchTarget> {
  await hit(app, 'otpVerifyIp', request.ip);
  await hit(app, 'otpVerifyRegistration', registrationId);
  const switchCode = randomToken();
  let outcome: { error: ErrorCode } | { subDomain: string };
  try {
    outcome = await app.db.system(async (tx) => {
      const row = await repo.lockOtp(tx, registrationId, 'register');
      const error = await checkOtp(app, tx, row, code);
      if (error || !row) return { error: error ?? 'INVALID_OTP' };
      const pending = PendingRegistrationSchema.parse(row.payload);
      if (await repo.findUserByEmail(tx, row.email)) throw new AppError('EMAIL_TAKEN');
      let subDomain = pending.subDomain;
      if (await repo.subDomainExists(tx, subDomain)) {
        // Someone took it while the code was on its way: a proposed name moves on, a chosen one is refused.
        if (!pending.subDomainProposed) throw new AppError('SUBDOMAIN_TAKEN');
        subDomain = (await pickSubDomain(tx, undefined, pending.companyName)).subDomain;
      }
      await repo.consumeOtp(tx, row.id);
      const { user, company } = await repo.createAccount(tx, {
        email: row.email,
        passwordHash: pending.passwordHash,
        firstName: pending.firstName,
        lastName: pending.lastName,
        phone: pending.phone,
        language: pending.language,
        companyName: pending.companyName,
        subDomain,
        plan: DEFAULT_PLAN,
        trialEndsAt: new Date(Date.now() + TRIAL_DAYS * DAY_MS),
        accountType: pending.accountType,
      });
      await repo.insertAudit(tx, {
        companyId: company.id,
        actorUserId: user.id,
        action: 'company.registered',
        targetType: 'company',
        targetId: company.id,
        after: {
          name: company.name,
          subDomain: company.subDomain,
          plan: company.plan,
          trialEndsAt: company.trialEndsAt,
          accountType: company.accountType,
          adminUserId: user.id,
          adminEmail: user.email,
        },
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
      });
      await repo.insertSwitchCode(tx, {
        codeHash: sha256(switchCode),
        userId: user.id,
        companyId: company.id,
        expiresAt: new Date(Date.now() + SWITCH_CODE_TTL_SECONDS * 1000),
      });
      return { subDomain: company.subDomain };
    });
  } catch (e) {
    const constraint = uniqueViolation(e);
    if (constraint === 'users_email_key') throw new AppError('EMAIL_TAKEN');
    if (constraint === 'companies_sub_domain_key') throw new AppError('SUBDOMAIN_TAKEN');
    throw e;
  }
  if ('error' in outcome) throw new AppError(outcome.error);
  return { subDomain: outcome.subDomain, code: switchCode };
}

// ── Login, refresh, logout ──────────────────────────────────────────────────────────────────

export async function login(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: z.infer<typeof LoginSchema>,
): Promise<TokenResponse> {
  await hit(app, 'loginIp', request.ip);
  await hit(app, 'loginAccount', input.email);
  const user = await app.db.system((tx) => repo.findUserByEmail(tx, input.email));
  const hashed = user?.passwordHash ?? (await getDummyHash());
  const valid = await verifyPassword(hashed, input.password);
  if (!user?.passwordHash || !valid) throw new AppError('INVALID_CREDENTIALS');
  const companyIds = await app.db.system((tx) => repo.companyIdsOfUser(tx, user.id));
  if (!mayHoldSession(user, companyIds)) throw new AppError('NOT_PART_OF_ANY_COMPANY');
  return openSession(app, request, reply, user, companyIds);
}

/** Refuses a refresh: the cookie goes, and a reused token has taken its whole family with it. */
function refuseRefresh(app: FastifyInstance, reply: FastifyReply, code: ErrorCode = 'REFRESH_INVALID'): never {
  clearRefreshCookie(app, reply);
  throw new AppError(code);
}

export async function refresh(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TokenResponse> {
  const presented = request.cookies[REFRESH_COOKIE];
  if (!presented || presented.length > 200) refuseRefresh(app, reply);
  const hashed = sha256(presented);
  const next = randomToken();
  const cid = request.company?.id ?? null;
  const outcome = await app.db.system(async (tx) => {
    const row = await repo.findRefreshToken(tx, hashed);
    if (!row || row.revokedAt || row.expiresAt <= new Date()) return { error: 'REFRESH_INVALID' as const };
    // The cookie is host-only; a token from another host is simply not this host's session.
    if (row.companyId !== cid) return { error: 'REFRESH_INVALID' as const };
    if (row.usedAt || !(await repo.useRefreshToken(tx, hashed))) {
      // A rotated token came back: someone holds a copy. End the family for everyone (RFC 9700 §4.14.2).
      const revoked = await repo.revokeSession(tx, row.sessionId, 'refresh_token_reuse');
      return { error: 'REFRESH_INVALID' as const, revoked };
    }
    const user = await repo.findUserById(tx, row.userId);
    const companyIds = user ? await repo.companyIdsOfUser(tx, user.id) : [];
    if (!user || !mayHoldSession(user, companyIds)) {
      const revoked = await repo.revokeSession(tx, row.sessionId, 'no_company');
      return { error: 'NOT_PART_OF_ANY_COMPANY' as const, revoked };
    }
    await repo.insertRefreshToken(tx, row.sessionId, sha256(next));
    await repo.extendSession(tx, row.sessionId, new Date(Date.now() + app.config.refreshTokenTtlDays * DAY_MS));
    return { user, companyIds, sessionId: row.sessionId };
  });
  if ('error' in outcome) {
    if (outcome.revoked) await publishLoggedOut(app, outcome.revoked);
    refuseRefresh(app, reply, outcome.error);
  }
  setRefreshCookie(app, reply, next);
  return signFor(app, outcome.user, outcome.companyIds, outcome.sessionId, cid);
}

/** Ends the session of the cookie and of the Bearer token, if any; idempotent. */
export async function logout(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const presented = request.cookies[REFRESH_COOKIE];
  const revoked = await app.db.system(async (tx) => {
    const ids = new Set<string>();
    if (request.principal) ids.add(request.principal.sessionId);
    if (presented && presented.length <= 200) {
      const row = await repo.findRefreshToken(tx, sha256(presented));
      if (row) ids.add(row.sessionId);
    }
    const out: Array<{ id: string; userId: string }> = [];
    for (const id of ids) out.push(...(await repo.revokeSession(tx, id, 'logout')));
    return out;
  });
  await publishLoggedOut(app, revoked);
  clearRefreshCookie(app, reply);
  return { ok: true as const };
}

/**
 * Ends every live session of a user (password reset, an admin's "revoke"): their refresh tokens
 * stop working at once and their open tabs are told over the real-time bus.
 */
export async function revokeAllSessions(app: FastifyInstance, userId: string, reason: string) {
  const revoked = await app.db.system((tx) => repo.revokeUserSessions(tx, userId, reason));
  await publishLoggedOut(app, revoked);
  return revoked.map((s) => s.id);
}

// ── Forgot / reset password ─────────────────────────────────────────────────────────────────

export async function forgotPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  input: z.infer<typeof ForgotPasswordSchema>,
) {
  await hit(app, 'forgotIp', request.ip);
  await hit(app, 'forgotEmail', input.email);
  const id = randomUUID();
  const code = otpCode();
  const exists = await app.db.system(async (tx) => {
    const user = await repo.findUserByEmail(tx, input.email);
    if (!user) return false;
    await repo.consumePendingOtps(tx, input.email, 'reset');
    await repo.insertOtp(tx, {
      id,
      purpose: 'reset',
      email: input.email,
      codeHash: otpHash(app, id, code),
      expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
    });
    return true;
  });
  if (exists) {
    // Not awaited: the answer must not take longer when the account exists.
    app.mailer.send(resetOtpMail(input.email, code, request.lang)).catch((err: unknown) => {
      request.log.error({ err }, 'password reset mail failed');
    });
  }
  return { ok: true as const };
}

export async function resetPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  input: z.infer<typeof ResetPasswordSchema>,
) {
  await hit(app, 'resetIp', request.ip);
  await hit(app, 'resetEmail', input.email);
  if (isCommonPassword(input.password)) throw new AppError('PASSWORD_TOO_COMMON');
  const passwordHash = await hashPassword(input.password);
  type Outcome = { error: ErrorCode } | { revoked: Array<{ id: string; userId: string }> };
  const outcome = await app.db.system(async (tx): Promise<Outcome> => {
    const row = await repo.lockLatestOtp(tx, input.email, 'reset');
    const error = await checkOtp(app, tx, row, input.otp);
    if (error || !row) return { error: error ?? 'INVALID_OTP' };
    const user = await repo.findUserByEmail(tx, input.email);
    if (!user) return { error: 'INVALID_OTP' };
    await repo.consumeOtp(tx, row.id);
    await repo.setPassword(tx, user.id, passwordHash);
    const revoked = await repo.revokeUserSessions(tx, user.id, 'password_reset');
    await repo.insertAudit(tx, {
      companyId: null,
      actorUserId: user.id,
      action: 'user.password_reset',
      targetType: 'user',
      targetId: user.id,
      after: { sessionsRevoked: revoked.length },
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
    });
    return { revoked };
  });
  if ('error' in outcome) throw new AppError(outcome.error);
  await publishLoggedOut(app, outcome.revoked);
  return { ok: true as const };
}

// ── Company switch ──────────────────────────────────────────────────────────────────────────

export async function createSwitchCode(app: FastifyInstance, request: FastifyRequest, companyUuid: string) {
  const principal = request.principal;
  if (!principal) throw new AppError('UNAUTHENTICATED');
  const code = randomToken();
  const subDomain = await app.db.system(async (tx) => {
    if (!(await repo.hasMembership(tx, principal.userId, companyUuid))) throw new AppError('FORBIDDEN');
    const company = await repo.findCompany(tx, companyUuid);
    if (!company) throw new AppError('FORBIDDEN');
    await repo.insertSwitchCode(tx, {
      codeHash: sha256(code),
      userId: principal.userId,
      companyId: company.id,
      expiresAt: new Date(Date.now() + SWITCH_CODE_TTL_SECONDS * 1000),
    });
    return company.subDomain;
  });
  return { code, expiresIn: SWITCH_CODE_TTL_SECONDS, subDomain };
}

export async function redeemSwitchCode(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
): Promise<TokenResponse> {
  await hit(app, 'switchRedeemIp', request.ip);
  const company = request.company;
  if (!company) throw new AppError('SWITCH_CODE_INVALID');
  const found = await app.db.system(async (tx) => {
    const userId = await repo.redeemSwitchCode(tx, sha256(code), company.id);
    if (!userId || !(await repo.hasMembership(tx, userId, company.id))) return null;
    const user = await repo.findUserById(tx, userId);
    return user ? { user, companyIds: await repo.companyIdsOfUser(tx, userId) } : null;
  });
  if (!found) throw new AppError('SWITCH_CODE_INVALID');
  return openSession(app, request, reply, found.user, found.companyIds);
}

// ── Own sessions ────────────────────────────────────────────────────────────────────────────

export async function listSessions(app: FastifyInstance, request: FastifyRequest, page: number, itemsPerPage: number) {
  const principal = request.principal;
  if (!principal) throw new AppError('UNAUTHENTICATED');
  const { rows, totalItems } = await app.db.system((tx) =>
    repo.listLiveSessions(tx, principal.userId, page, itemsPerPage),
  );
  const data: SessionInfo[] = rows.map((r) => ({
    uuid: r.id,
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt.toISOString(),
    current: r.id === principal.sessionId,
    companySubDomain: r.companySubDomain,
  }));
  return { data, page, itemsPerPage, totalItems };
}

export async function revokeOwnSession(app: FastifyInstance, request: FastifyRequest, sessionId: string) {
  const principal = request.principal;
  if (!principal) throw new AppError('UNAUTHENTICATED');
  const revoked = await app.db.system(async (tx) => {
    const out = await repo.revokeOwnSession(tx, principal.userId, sessionId, 'revoked_by_user');
    if (!out.length && !(await repo.sessionBelongsTo(tx, principal.userId, sessionId))) {
      throw new AppError('NOT_FOUND');
    }
    return out;
  });
  await publishLoggedOut(app, revoked);
  return { ok: true as const, message: sessionRevokedMessage(request.lang) };
}

/** Periodic clean-up of expired auth rows; safe to run from every process at once. */
export async function purgeExpired(app: FastifyInstance) {
  await app.db.system((tx) => repo.purgeExpired(tx));
}
