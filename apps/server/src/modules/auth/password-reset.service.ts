import { randomUUID } from 'node:crypto';
import { OTP_TTL_SECONDS } from '@wac/shared/constants';
import type { ErrorCode } from '@wac/shared/errors';
import type { ForgotPasswordSchema, ResetPasswordSchema } from '@wac/shared/schemas/auth';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { otpCode } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { hashNewPassword } from '../../lib/password';
import { resetOtpMail } from './auth.messages';
import * as repo from './auth.repository';
import { checkOtp, otpHash, userAgentOf } from './auth.shared';
import { hit } from './rate-limit';
import { publishLoggedOut } from './sessions.service';

/** Password reset: a mailed code, then a new password that ends every session of the user. */

export async function forgotPassword(ctx: Ctx, input: z.infer<typeof ForgotPasswordSchema>) {
  await hit(ctx.infra, 'forgotIp', ctx.actor.ip ?? '');
  await hit(ctx.infra, 'forgotEmail', input.email);
  const id = randomUUID();
  const code = otpCode();
  const exists = await ctx.system(async (tx) => {
    const user = await repo.findUserByEmail(tx, input.email);
    if (!user) return false;
    await repo.consumePendingOtps(tx, input.email, 'reset');
    await repo.insertOtp(tx, {
      id,
      purpose: 'reset',
      email: input.email,
      codeHash: otpHash(ctx.infra, id, code),
      expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
    });
    return true;
  });
  if (exists) {
    // Not awaited: the answer must not take longer when the account exists.
    ctx.infra.mailer.send(resetOtpMail(input.email, code, ctx.actor.lang)).catch((err: unknown) => {
      ctx.infra.log.error({ err }, 'password reset mail failed');
    });
  }
  return { ok: true as const };
}

export async function resetPassword(ctx: Ctx, input: z.infer<typeof ResetPasswordSchema>) {
  await hit(ctx.infra, 'resetIp', ctx.actor.ip ?? '');
  await hit(ctx.infra, 'resetEmail', input.email);
  const passwordHash = await hashNewPassword(input.password);
  type Outcome = { error: ErrorCode } | { revoked: Array<{ id: string; userId: string }> };
  const outcome = await ctx.system(async (tx): Promise<Outcome> => {
    const row = await repo.lockLatestOtp(tx, input.email, 'reset');
    const error = await checkOtp(ctx.infra, tx, row, input.otp);
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
      ip: ctx.actor.ip ?? '',
      userAgent: userAgentOf(ctx),
    });
    return { revoked };
  });
  if ('error' in outcome) throw new AppError(outcome.error);
  await publishLoggedOut(ctx, outcome.revoked);
  return { ok: true as const };
}
