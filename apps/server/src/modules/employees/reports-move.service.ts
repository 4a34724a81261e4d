import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import * as repo from './employees.repository';

// A person's direct reports moved in the write of their record (`reportsTo`), e.g. when their
// employment ends: an ended employment leaves the chain, so its reports would be at the top.

/** Where a person's reports may move: another member, not one of the person's own reports (a cycle). */
export async function checkReportsTo(tx: Tx, companyId: string, userId: string, to: string) {
  if (to === userId) throw new AppError('MANAGER_SELF', [{ path: 'body.reportsTo', code: 'invalid' }]);
  if (!(await repo.isMember(tx, companyId, to))) {
    throw new AppError('NOT_FOUND', [{ path: 'body.reportsTo', code: 'invalid' }]);
  }
  // Someone under the person: a report moved under them would be under themselves.
  if (await repo.wouldCycle(tx, companyId, userId, to)) {
    throw new AppError('MANAGER_CYCLE', [{ path: 'body.reportsTo', code: 'invalid' }]);
  }
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
