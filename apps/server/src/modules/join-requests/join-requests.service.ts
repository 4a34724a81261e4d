import { companyChannel, userChannel } from '@wac/shared/realtime';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/sql';
import type { TenantCtx } from '../members/members.service';
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

/** The signed-in user's own rows only: RLS lets them see their requests, the filter says which. */
const own =
  (app: FastifyInstance, userId: string) =>
  <T>(fn: Parameters<typeof app.db.system<T>>[0]) =>
    app.db.scoped({ userId }, fn);

export async function create(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { subDomain: string; message?: string },
) {
  const userId = request.principal!.userId;
  const created = await own(
    app,
    userId,
  )(async (tx) => {
    const company = await repo.companyBySubDomain(tx, body.subDomain);
    if (!company?.enabled) throw new AppError('COMPANY_NOT_FOUND');
    if (await repo.isMember(tx, company.id, userId)) throw new AppError('ALREADY_MEMBER');
    if (await repo.hasPending(tx, company.id, userId)) throw new AppError('JOIN_REQUEST_PENDING');
    const id = await repo.insert(tx, company.id, userId, body.message || null);
    return (await repo.find(tx, id, sql`j.user_id = ${userId}`))!;
  });
  await app.bus.publish(companyChannel(created.company_id), {
    type: 'join_request_created',
    joinRequestUuid: created.id,
  });
  return toJoinRequest(created);
}

export async function mine(
  app: FastifyInstance,
  request: FastifyRequest,
  q: { page: number; itemsPerPage: number; order: 'asc' | 'desc' },
) {
  const userId = request.principal!.userId;
  const { data, totalItems } = await own(
    app,
    userId,
  )((tx) => repo.list(tx, sql`j.user_id = ${userId}`, q.order === 'desc', q.page, q.itemsPerPage));
  return { data: data.map(toJoinRequest), page: q.page, itemsPerPage: q.itemsPerPage, totalItems };
}

export async function list(
  ctx: TenantCtx,
  q: { page: number; itemsPerPage: number; status: string; order: 'asc' | 'desc'; search?: string },
) {
  const { data, totalItems } = await ctx.run((tx) =>
    repo.list(
      tx,
      sql`j.company_id = ${ctx.companyId} AND j.status = ${q.status}`,
      q.order === 'desc',
      q.page,
      q.itemsPerPage,
    ),
  );
  return { data: data.map(toJoinRequest), page: q.page, itemsPerPage: q.itemsPerPage, totalItems };
}

export async function respond(
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: TenantCtx,
  id: string,
  decision: 'accept' | 'decline',
) {
  const status = decision === 'accept' ? 'accepted' : 'declined';
  const updated = await ctx.run(async (tx) => {
    const jr = await repo.find(tx, id, sql`j.company_id = ${ctx.companyId}`, true);
    if (!jr) throw new AppError('NOT_FOUND');
    if (jr.status !== 'pending') throw new AppError('CONFLICT');
    if (status === 'accepted') await repo.addMembership(tx, ctx.companyId, jr.user_id);
    await repo.respond(tx, jr.id, status, request.principal?.userId ?? null);
    await audit(tx, request, {
      action: `join_request.${decision}`,
      targetType: 'join_request',
      targetId: jr.id,
      companyId: ctx.companyId,
      before: { status: 'pending' },
      after: { status, userId: jr.user_id },
    });
    return (await repo.find(tx, id, sql`j.company_id = ${ctx.companyId}`))!;
  });
  await app.bus.publish(userChannel(updated.user_id), {
    type: 'join_request_responded',
    joinRequestUuid: updated.id,
    companyUuid: ctx.companyId,
    status,
  });
  if (status === 'accepted') {
    await app.bus.publish(userChannel(updated.user_id), { type: 'membership_updated', companyUuid: ctx.companyId });
  }
  await app.bus.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'join-requests' });
  return toJoinRequest(updated);
}
