import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import * as repo from './employees.repository';

// A person's direct reports moved in the write of their record (`reportsTo`), e.g. when their
// employment ends: an ended employment leaves the chain, so its reports would be at the top.

/**
 * Whether `candidate` may manage `userId` (their record's manager, or where their reports move): a
 * member of the company, not the person, not under the person (a cycle). Refused on `field`.
 */
export async function checkManager(
  tx: Tx,
  companyId: string,
  userId: string,
  candidate: string,
  field: 'managerUuid' | 'reportsTo',
) {
  const issue = [{ path: `body.${field}`, code: 'invalid' }];
  if (candidate === userId) throw new AppError('MANAGER_SELF', issue);
  if (!(await repo.isMember(tx, companyId, candidate))) throw new AppError('NOT_FOUND', issue);
  if (await repo.wouldCycle(tx, companyId, userId, candidate)) throw new AppError('MANAGER_CYCLE', issue);
}

/** The person's current direct reports to another manager (or none), in the record's write. */
export async function moveReports(ctx: TenantCtx, tx: Tx, userId: string, to: string | null, today: string) {
  const moved = await repo.moveReports(tx, ctx.companyId, userId, to, today);
  if (!moved.length) return;
  await ctx.audit(tx, {
    action: 'employee.reports_move',
    targetType: 'employee',
    targetId: userId,
    before: { managerUserId: userId },
    after: { managerUserId: to, people: moved.length, userIds: moved },
  });
}
