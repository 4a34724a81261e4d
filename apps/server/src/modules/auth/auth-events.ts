import type { AuditAction } from '@wac/shared/audit';
import { auditLog } from '../../db/schema/index';
import type { Ctx } from '../../lib/context';
import * as repo from './auth-events.repository';

type AuthAction = Extract<AuditAction, `auth.${string}`>;

/**
 * Records a sign-in event in the audit log of the company whose console it happened on, beside
 * the admins' writes: a sign-in, a failed one, a lock-out after too many attempts, a session a
 * user ended. Only a member is named by their id; for anyone else the entry keeps the address
 * that was tried. On the base domain (no company) the row belongs to the platform.
 */
export async function recordAuthEvent(
  ctx: Ctx,
  event: { action: AuthAction; userId: string | null; email: string; actorUserId?: string | null },
) {
  const companyId = ctx.host?.id ?? null;
  await ctx.system(async (tx) => {
    if (event.action === 'auth.locked_out' && (await repo.recentLockout(tx, companyId, event.email))) return;
    const member = companyId && event.userId ? await repo.isMember(tx, companyId, event.userId) : false;
    await tx.insert(auditLog).values({
      companyId,
      actorUserId: event.actorUserId ?? null,
      action: event.action,
      targetType: 'user',
      targetId: member ? event.userId : null,
      after: member ? null : { email: event.email.toLowerCase() },
      ip: ctx.actor.ip,
      userAgent: ctx.actor.userAgent?.slice(0, 300) ?? null,
    });
  });
}
