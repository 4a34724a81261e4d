import { SWITCH_CODE_TTL_SECONDS } from '@wac/shared/constants';
import { actingUser, type Ctx } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import * as repo from './auth.repository';
import * as family from './session-family.repository';
import { type OpenedSession, openSession } from './auth.shared';
import { hit } from './rate-limit';

/**
 * Moving between company sub-domains: a one-time code made on one host and redeemed on the other.
 * The code carries the browser's sign-in (the root session), so the session it opens belongs to
 * the same family and signing out anywhere ends them all.
 */

const isSuperAdmin = (roles: readonly string[]) => roles.includes('super_admin');

export async function createSwitchCode(ctx: Ctx, companyUuid: string) {
  const userId = actingUser(ctx);
  const superAdmin = isSuperAdmin(ctx.actor.globalRoles);
  const code = randomToken();
  const subDomain = await ctx.system(async (tx) => {
    const company = await repo.findCompany(tx, companyUuid);
    if (!company) throw new AppError('FORBIDDEN');
    // An enabled member of an enabled company; a super admin may open any company's console.
    if (!superAdmin && !(await family.mayEnter(tx, userId, company.id))) throw new AppError('FORBIDDEN');
    const root = ctx.actor.sessionId ? await family.familyRoot(tx, ctx.actor.sessionId) : null;
    await repo.insertSwitchCode(tx, {
      codeHash: sha256(code),
      userId,
      companyId: company.id,
      sessionId: root,
      expiresAt: new Date(Date.now() + SWITCH_CODE_TTL_SECONDS * 1000),
    });
    return company.subDomain;
  });
  return { code, expiresIn: SWITCH_CODE_TTL_SECONDS, subDomain };
}

export async function redeemSwitchCode(ctx: Ctx, code: string): Promise<OpenedSession> {
  await hit(ctx.infra, 'switchRedeemIp', ctx.actor.ip ?? '');
  const company = ctx.host;
  if (!company) throw new AppError('SWITCH_CODE_INVALID');
  const found = await ctx.system(async (tx) => {
    const redeemed = await repo.redeemSwitchCode(tx, sha256(code), company.id);
    if (!redeemed) return null;
    const user = await repo.findUserById(tx, redeemed.userId);
    if (!user) return null;
    // The sign-in that asked for the code must still be alive: a code outlives no sign-out.
    if (redeemed.sessionId && !(await family.isLive(tx, redeemed.sessionId))) return null;
    // Nor one that began before this company's admin revoked the user's sessions here: a sign-in on
    // another company's host outlives that revoke, but does not bring the user back in through it.
    if (redeemed.sessionId && (await family.revokedByCompanySince(tx, user.id, company.id, redeemed.sessionId))) {
      return null;
    }
    const member = await family.mayEnter(tx, user.id, company.id);
    if (!member && !isSuperAdmin(user.roles)) return null;
    if (!member) {
      // A super admin opening a company he is not a member of: read-only unless super_admin_write.
      await repo.insertAudit(tx, {
        companyId: company.id,
        actorUserId: user.id,
        action: 'company.console_opened',
        targetType: 'company',
        targetId: company.id,
        after: { userId: user.id, mode: user.roles.includes('super_admin_write') ? 'write' : 'read-only' },
        ip: ctx.actor.ip ?? '',
        userAgent: ctx.actor.userAgent?.slice(0, 300) ?? null,
      });
    }
    return { user, companyIds: await repo.companyIdsOfUser(tx, user.id), parentId: redeemed.sessionId };
  });
  if (!found) throw new AppError('SWITCH_CODE_INVALID');
  return openSession(ctx, found.user, found.companyIds, found.parentId);
}
