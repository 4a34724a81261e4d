import { randomUUID } from 'node:crypto';
import { DEFAULT_PLAN, OTP_TTL_SECONDS, SWITCH_CODE_TTL_SECONDS, TRIAL_DAYS } from '@wac/shared/constants';
import type { ErrorCode } from '@wac/shared/errors';
import type { RegisterSchema, SwitchTarget } from '@wac/shared/schemas/auth';
import { proposeSubDomain, RESERVED_SUBDOMAINS, SUBDOMAIN_PATTERN } from '@wac/shared/validation';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { otpCode, randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { hashNewPassword } from '../../lib/password';
import { registerOtpMail } from './auth.messages';
import { isWorkEmail } from './auth.policy';
import * as repo from './auth.repository';
import { checkOtp, DAY_MS, otpHash, userAgentOf } from './auth.shared';
import { hit } from './rate-limit';

/** Sign-up: a pending registration, its mailed code, and the account and company it creates. */

function uniqueViolation(e: unknown): string | null {
  for (let err: unknown = e; err && typeof err === 'object'; err = (err as { cause?: unknown }).cause) {
    const { code, constraint } = err as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

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

export async function register(ctx: Ctx, input: z.infer<typeof RegisterSchema>) {
  await hit(ctx.infra, 'registerIp', ctx.actor.ip ?? '');
  await hit(ctx.infra, 'registerEmail', input.email);
  if (!isWorkEmail(input.email)) throw new AppError('WORK_EMAIL_REQUIRED');
  const passwordHash = await hashNewPassword(input.password);
  // The product asks for a clear answer at sign-up, so this does reveal that an address has an
  // account; the per-email and per-IP limits above keep it from being used as a bulk oracle.
  const { subDomain, proposed } = await ctx.system(async (tx) => {
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
    passwordHash,
    accountType: input.accountType,
    language: input.language ?? ctx.actor.lang,
  };
  const id = randomUUID();
  const code = otpCode();
  await ctx.system((tx) =>
    repo.insertOtp(tx, {
      id,
      purpose: 'register',
      email: input.email,
      codeHash: otpHash(ctx.infra, id, code),
      payload,
      expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
    }),
  );
  await ctx.infra.mailer.send(registerOtpMail(input.email, code, ctx.actor.lang));
  return { registrationId: id, email: input.email, subDomain };
}

/** A pending registration can ask for a new code for a day; after that, sign up again. */
const REGISTRATION_RESEND_WINDOW_MS = DAY_MS;

export async function resendRegistration(ctx: Ctx, registrationId: string) {
  await hit(ctx.infra, 'resendRegistration', registrationId);
  const code = otpCode();
  const email = await ctx.system(async (tx) => {
    const row = await repo.lockOtp(tx, registrationId, 'register');
    if (!row || row.consumedAt || row.createdAt.getTime() < Date.now() - REGISTRATION_RESEND_WINDOW_MS) {
      throw new AppError('NOT_FOUND');
    }
    await repo.replaceOtpCode(
      tx,
      row.id,
      otpHash(ctx.infra, row.id, code),
      new Date(Date.now() + OTP_TTL_SECONDS * 1000),
    );
    return row.email;
  });
  await ctx.infra.mailer.send(registerOtpMail(email, code, ctx.actor.lang));
  return { ok: true as const };
}

export async function verifyRegistration(
  ctx: Ctx,
  { registrationId, otp: code }: { registrationId: string; otp: string },
): Promise<SwitchTarget> {
  await hit(ctx.infra, 'otpVerifyIp', ctx.actor.ip ?? '');
  await hit(ctx.infra, 'otpVerifyRegistration', registrationId);
  const switchCode = randomToken();
  let outcome: { error: ErrorCode } | { subDomain: string };
  try {
    outcome = await ctx.system(async (tx) => {
      const row = await repo.lockOtp(tx, registrationId, 'register');
      const error = await checkOtp(ctx.infra, tx, row, code);
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
        ip: ctx.actor.ip ?? '',
        userAgent: userAgentOf(ctx),
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
