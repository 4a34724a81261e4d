import type { Infra } from '../../lib/context';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { clearHits, countHits } from '../../db/rate-limits';

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

const MINUTES_15 = 15 * 60;

/**
 * The limits of the auth flows (docs/decisions/002-auth-tokens-and-sessions.md). Per account they
 * stop guessing one person's password or code; per IP they stop spraying many accounts, loose
 * enough that an office behind one NAT can still sign in.
 */
export const LIMITS = {
  loginAccount: { max: 10, windowSeconds: MINUTES_15 },
  loginIp: { max: 100, windowSeconds: MINUTES_15 },
  registerEmail: { max: 5, windowSeconds: MINUTES_15 },
  registerIp: { max: 30, windowSeconds: MINUTES_15 },
  resendRegistration: { max: 5, windowSeconds: MINUTES_15 },
  otpVerifyRegistration: { max: 20, windowSeconds: MINUTES_15 },
  otpVerifyIp: { max: 60, windowSeconds: MINUTES_15 },
  forgotEmail: { max: 5, windowSeconds: MINUTES_15 },
  forgotIp: { max: 30, windowSeconds: MINUTES_15 },
  resetEmail: { max: 20, windowSeconds: MINUTES_15 },
  resetIp: { max: 60, windowSeconds: MINUTES_15 },
  switchRedeemIp: { max: 60, windowSeconds: MINUTES_15 },
  /** A visitor's forms on the public company pages (send email, send message): per IP and per page. */
  visitorIp: { max: 20, windowSeconds: MINUTES_15 },
  visitorPage: { max: 200, windowSeconds: MINUTES_15 },
} as const satisfies Record<string, Limit>;
export type LimitName = keyof typeof LIMITS;

/**
 * Counts one hit on `name:subject` in a fixed window shared by every server process: a single
 * upsert, so two processes racing on the same key still count both hits. Identifiers are hashed:
 * the table holds no email addresses or IPs.
 */
export async function hit(infra: Pick<Infra, 'db' | 'config'>, name: LimitName, subject: string): Promise<void> {
  const limit: Limit = LIMITS[name];
  const key = `${name}:${sha256(subject.toLowerCase())}`;
  const row = await infra.db.system((tx) => countHits(tx, key, limit.windowSeconds));
  if (row.count > limit.max * infra.config.authLimitScale) {
    throw new AppError('RATE_LIMITED', undefined, { 'retry-after': String(Math.max(1, row.retry_after)) });
  }
}

/**
 * Forgets an account's sign-in tries once the right password was given: the limit is there to stop
 * guessing, and counting successes too locked out someone who signed in ten times in a quarter of
 * an hour (several browsers, a demo walked through) with the right password. The per-IP limit still
 * counts everything.
 */
export async function forgive(infra: Pick<Infra, 'db'>, name: 'loginAccount', subject: string): Promise<void> {
  await infra.db.system((tx) => clearHits(tx, `${name}:${sha256(subject.toLowerCase())}`));
}
