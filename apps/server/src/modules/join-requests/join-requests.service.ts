import { companyChannel, userChannel } from '@wac/shared/realtime';
import { actingUser, type Ctx, forCompany, type TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/sql';
import * as repo from './join-requests.repository';

export const toJoinRequest = (r: repo.JoinRequestRow) => ({
  uuid: r.id,
  status: r.status,
  message: r.message,
  createdAt: iso(r.created_at)!,
  respondedAt: iso(r.responded_at),
  user: { uuid: r.user_id, email: r.email, firstName: r.first_name, lastName: r.last_name },
  company: { uuid: r.company_id, name: r.company_name, subDomain: r.sub_domain },
});

/** Requests one user may make to one company in a day (asked again after a withdrawal or a refusal). */
export const JOIN_REQUESTS_A_DAY = 3;
/**
 * Requests one user may have waiting at once, across every company: each tells a company's admins
 * live, so one account asking every sub-domain it can guess would spam a thousand companies.
 */
export const JOIN_REQUESTS_PENDING_MAX = 10;

export async function create(ctx: Ctx, body: { subDomain: string; message?: string }) {
  const userId = actingUser(ctx);
  // The signed-in user's own rows only: RLS lets them see their requests, the filter says which.
  const created = await ctx.runOwn(async (tx) => {
    const company = await repo.companyBySubDomain(tx, body.subDomain);
    if (!company?.enabled) throw new AppError('COMPANY_NOT_FOUND');
    if (await repo.isMember(tx, company.id, userId)) throw new AppError('ALREADY_MEMBER');
    await repo.lockAsking(tx, userId);
    const asked = await repo.asked(tx, company.id, userId);
    if (asked.pending) throw new AppError('JOIN_REQUEST_PENDING');
    // Each request tells the company's admins live and, withdrawn, writes to its audit log: asking
    // and withdrawing in a loop would spam them.
    if (asked.today >= JOIN_REQUESTS_A_DAY) throw new AppError('JOIN_REQUEST_TOO_OFTEN');
    if (asked.pendingAnywhere >= JOIN_REQUESTS_PENDING_MAX) throw new AppError('JOIN_REQUEST_TOO_MANY');
    const id = await repo.insert(tx, company.id, userId, body.message || null);
    return (await repo.findOf(tx, { userId }, id))!;
  });
  await ctx.publish(companyChannel(created.company_id), {
    type: 'join_request_created',
    joinRequestUuid: created.id,
  });
  return toJoinRequest(created);
}

export async function mine(ctx: Ctx, q: { page: number; itemsPerPage: number; order: 'asc' | 'desc' }) {
  const userId = actingUser(ctx);
  const { data, totalItems } = await ctx.runOwn((tx) =>
    repo.listOf(tx, { userId }, q.order === 'desc', q.page, q.itemsPerPage),
  );
  return { data: data.map(toJoinRequest), page: q.page, itemsPerPage: q.itemsPerPage, totalItems };
}

export async function list(
  ctx: TenantCtx,
  q: { page: number; itemsPerPage: number; status: string; order: 'asc' | 'desc'; search?: string },
) {
  const { data, totalItems } = await ctx.run((tx) =>
    repo.listOf(tx, { companyId: ctx.companyId, status: q.status }, q.order === 'desc', q.page, q.itemsPerPage),
  );
  return { data: data.map(toJoinRequest), page: q.page, itemsPerPage: q.itemsPerPage, totalItems };
}

export async function respond(ctx: TenantCtx, { id, decision }: { id: string; decision: 'accept' | 'decline' }) {
  const status = decision === 'accept' ? 'accepted' : 'declined';
  const updated = await ctx.run(async (tx) => {
    const jr = await repo.findOf(tx, { companyId: ctx.companyId }, id, true);
    if (!jr) throw new AppError('NOT_FOUND');
    if (jr.status !== 'pending') throw new AppError('CONFLICT');
    if (status === 'accepted') await repo.addMembership(tx, ctx.companyId, jr.user_id);
    await repo.respond(tx, jr.id, status, ctx.actor.userId);
    await ctx.audit(tx, {
      action: `join_request.${decision}`,
      targetType: 'join_request',
      targetId: jr.id,
      companyId: ctx.companyId,
      before: { status: 'pending' },
      after: { status, userId: jr.user_id },
    });
    return (await repo.findOf(tx, { companyId: ctx.companyId }, id))!;
  });
  await ctx.publish(userChannel(updated.user_id), {
    type: 'join_request_responded',
    joinRequestUuid: updated.id,
    companyUuid: ctx.companyId,
    status,
  });
  if (status === 'accepted') {
    await ctx.publish(userChannel(updated.user_id), { type: 'membership_updated', companyUuid: ctx.companyId });
  }
  await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'join-requests' });
  return toJoinRequest(updated);
}

/**
 * The requester takes back a pending request: it leaves the admins' list at once (they are told
 * live) and is recorded in the company's audit log; they may ask again later.
 */
export async function withdraw(ctx: Ctx, id: string) {
  const userId = actingUser(ctx);
  const own = await ctx.runOwn((tx) => repo.findOf(tx, { userId }, id));
  if (!own) throw new AppError('NOT_FOUND');
  // The audit entry belongs to the company's log: the write runs in that company's scope.
  const company = forCompany(ctx, own.company_id);
  const updated = await company.run(async (tx) => {
    const jr = await repo.findOf(tx, { companyId: company.companyId }, id, true);
    if (!jr || jr.user_id !== userId) throw new AppError('NOT_FOUND');
    if (jr.status !== 'pending') throw new AppError('CONFLICT');
    await repo.respond(tx, jr.id, 'withdrawn', userId);
    await company.audit(tx, {
      action: 'join_request.withdraw',
      targetType: 'join_request',
      targetId: jr.id,
      before: { status: 'pending' },
      after: { status: 'withdrawn' },
    });
    return (await repo.findOf(tx, { companyId: company.companyId }, id))!;
  });
  await ctx.publish(companyChannel(own.company_id), { type: 'listing_changed', resource: 'join-requests' });
  return toJoinRequest(updated);
}
