import type { Tx } from '../../db/client';
import { countHits, peekHits } from '../../db/rate-limits';
import type { Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import * as repo from './invitations.repository';

/**
 * How many invitation mails a company may send: per hour and per day, lower while it is new or in
 * its trial (a fresh sign-up once mailed 400 strangers in seconds). The numbers are in the error
 * messages (INVITATION_LIMIT, INVITATION_LIMIT_NEW); change both together.
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

/** Spends one mail of the company's quota inside the caller's transaction: a refused write gives it back. */
export async function spendQuota(ctx: Ctx, tx: Tx, companyId: string) {
  const kind = (await repo.isNewOrTrial(tx, companyId, NEW_COMPANY_DAYS)) ? 'new' : 'established';
  for (const [window, seconds] of WINDOWS) {
    const { count, retry_after } = await countHits(tx, `invitations-${window}:${companyId}`, seconds);
    if (count > INVITATION_QUOTA[kind][window] * ctx.infra.config.authLimitScale) {
      throw new AppError(kind === 'new' ? 'INVITATION_LIMIT_NEW' : 'INVITATION_LIMIT', undefined, {
        'retry-after': String(Math.max(1, retry_after)),
      });
    }
  }
}

/**
 * How many invitation mails the company may still send now (the tighter of its hour and day
 * windows), and the code that says why a row beyond it waits: an import invites that many and
 * reports the rest, instead of failing whole (docs/decisions/006-csv-import.md). Reads, counts nothing.
 */
export async function quotaLeft(ctx: Ctx, tx: Tx, companyId: string) {
  const kind = (await repo.isNewOrTrial(tx, companyId, NEW_COMPANY_DAYS)) ? 'new' : 'established';
  let left = Number.POSITIVE_INFINITY;
  for (const [window, seconds] of WINDOWS) {
    const used = await peekHits(tx, `invitations-${window}:${companyId}`, seconds);
    left = Math.min(left, INVITATION_QUOTA[kind][window] * ctx.infra.config.authLimitScale - used);
  }
  return {
    left: Math.max(0, left),
    code: kind === 'new' ? ('INVITATION_LIMIT_NEW' as const) : ('INVITATION_LIMIT' as const),
  };
}
