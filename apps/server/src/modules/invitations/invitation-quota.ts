import type { Tx } from '../../db/client';
import { countHits, peekHits } from '../../db/rate-limits';
import type { Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import * as repo from './invitations.repository';

/**
 * How many invitation mails a company may send: per hour and per day, lower while it is new or in
 * its trial (a fresh sign-up once mailed 400 strangers in seconds). The numbers are in the error
 * messages (INVITATION_LIMIT, INVITATION_LIMIT_NEW); change both together. The super admin may set
 * a company's own limits (a company that really has 100,000 people): those replace the default of
 * their window, and a refusal says INVITATION_LIMIT_SET (docs/decisions/006-csv-import.md).
 */
export const INVITATION_QUOTA = {
  established: { hour: 300, day: 1000 },
  new: { hour: 50, day: 200 },
} as const;
const NEW_COMPANY_DAYS = 14;
const WINDOWS = [
  ['hour', 3600],
  ['day', 86_400],
] as const;

/** The company's limit per window and the code a refusal gives. */
async function limitsOf(ctx: Ctx, tx: Tx, companyId: string) {
  const q = await repo.quotaSettings(tx, companyId, NEW_COMPANY_DAYS);
  const kind = q.young ? 'new' : 'established';
  const scale = ctx.infra.config.authLimitScale;
  const limit = {
    hour: q.hour ?? INVITATION_QUOTA[kind].hour * scale,
    day: q.day ?? INVITATION_QUOTA[kind].day * scale,
  };
  const code =
    q.hour !== null || q.day !== null
      ? ('INVITATION_LIMIT_SET' as const)
      : kind === 'new'
        ? ('INVITATION_LIMIT_NEW' as const)
        : ('INVITATION_LIMIT' as const);
  return { limit, code };
}

/**
 * Spends `n` mails of the company's quota inside the caller's transaction (one statement per
 * window, whatever `n`): a refused write gives them back.
 */
export async function spendQuota(ctx: Ctx, tx: Tx, companyId: string, n = 1) {
  if (n <= 0) return;
  const { limit, code } = await limitsOf(ctx, tx, companyId);
  for (const [window, seconds] of WINDOWS) {
    const { count, retry_after } = await countHits(tx, `invitations-${window}:${companyId}`, seconds, n);
    if (count > limit[window]) {
      throw new AppError(code, undefined, { 'retry-after': String(Math.max(1, retry_after)) });
    }
  }
}

/**
 * How many invitation mails the company may still send now (the tighter of its hour and day
 * windows), and the code that says why a row beyond it waits: an import invites that many and
 * reports the rest, instead of failing whole (docs/decisions/006-csv-import.md). Reads, counts nothing.
 */
export async function quotaLeft(ctx: Ctx, tx: Tx, companyId: string) {
  const { limit, code } = await limitsOf(ctx, tx, companyId);
  let left = Number.POSITIVE_INFINITY;
  for (const [window, seconds] of WINDOWS) {
    const used = await peekHits(tx, `invitations-${window}:${companyId}`, seconds);
    left = Math.min(left, limit[window] - used);
  }
  return { left: Math.max(0, left), code };
}
