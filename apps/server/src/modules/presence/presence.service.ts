import { companyChannel } from '@wac/shared/realtime';
import { actingUser, type TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { productLinks } from '../company-pages/public-pages.service';
import { getMember } from '../members/members.service';

/**
 * Presence as the console reads and sets it: the status of some members of the company (from the
 * connection counts of every process), and a member's own "busy".
 */
export async function statuses(ctx: TenantCtx, userIds: string[]) {
  const map = await ctx.infra.presence?.statuses(ctx.companyId, userIds);
  return { data: Object.fromEntries(userIds.map((id) => [id, map?.get(id) ?? 'offline'])) };
}

export async function setMine(ctx: TenantCtx, status: 'busy' | 'auto') {
  const userId = actingUser(ctx);
  await ctx.infra.presence?.setBusy(ctx.companyId, userId, status === 'busy');
  const now = (await statuses(ctx, [userId])).data[userId]!;
  await ctx.publish(companyChannel(ctx.companyId), { type: 'presence_changed', userUuid: userId, status: now });
  return { status: now };
}

/**
 * A member's links into scheduling and their video room (spec §9), each only when the member's
 * product toggle allows it. Anyone of the company may see a colleague's; the links are not secret,
 * but a colleague no longer finds someone who left the directory (disabled or ended); admins do.
 */
export async function links(ctx: TenantCtx, userId: string, viewer: { asAdmin: boolean }) {
  const m = await getMember(ctx, userId, viewer);
  if (!ctx.host) throw new AppError('NOT_FOUND');
  const l = productLinks(ctx.infra.config, userId, ctx.host.subDomain);
  return { scheduleUrl: m.schedulingEnabled ? l.schedule : null, callUrl: m.videoCallEnabled ? l.call : null };
}
