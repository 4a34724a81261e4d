import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';

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
} as const satisfies Record<string, Limit>;
export type LimitName = keyof typeof LIMITS;

/**
 * Counts one hit on `name:subject` in a fixed window shared by every server process: a single
 * upsert, so two processes racing on the same key still count both hits. Identifiers are hashed:
 * the table holds no email addresses or IPs.
 */
export async function hit(app: FastifyInstance, name: LimitName, subject: string): Promise<void> {
  const limit: Limit = LIMITS[name];
  const key = `${name}:${sha256(subject.toLowerCase())}`;
  const rows = await app.db.system(async (tx) => {
    const res = await tx.execute<{ count: number; retry_after: number }>(sql`
      insert into rate_limits as r (key, window_start, count) values (${key}, now(), 1)
      on conflict (key) do update set
        count = case when r.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                     then 1 else r.count + 1 end,
        window_start = case when r.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                            then now() else r.window_start end
      returning count,
        ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int
          as retry_after`);
    return 'rows' in res ? res.rows : (res as unknown as Array<{ count: number; retry_after: number }>);
  });
  const row = rows[0];
  if (row && row.count > limit.max) {
    throw new AppError('RATE_LIMITED', undefined, { 'retry-after': String(Math.max(1, row.retry_after)) });
  }
}
