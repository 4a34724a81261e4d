import { liveSessions, revokeLiveSession, revokeUserSessions } from '../auth/auth.repository';
import type { Readable } from 'node:stream';
import { errorMessage } from '@wac/shared/errors';
import { successMessage } from '@wac/shared/messages';
import { companyChannel, userChannel } from '@wac/shared/realtime';
import type { Member, MemberBulk, MemberListQuery, MemberUpdate } from '@wac/shared/schemas/members';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { csvStream } from '../../lib/csv-export';
import { AppError } from '../../lib/errors';
import { batches, iso, keysetOf } from '../../lib/sql';
import * as repo from './members.repository';
import { type ListingCache, listingCacheFor } from './listing-cache';

/**
 * Which company an operation acts on and how it reaches the database. A company admin acts on the
 * Host's company; a super admin acts on any company from the platform routes. Both run scoped to
 * that company, so row-level security backs every query either way.
 */
export interface TenantCtx {
  companyId: string;
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** What this process remembers of member listings (deep-page anchors, search results). */
  listings: ListingCache;
}

export function hostCtx(app: FastifyInstance, request: FastifyRequest): TenantCtx {
  if (!request.company) throw new AppError('NOT_FOUND');
  return {
    companyId: request.company.id,
    run: (fn) => app.db.scoped(request.scope, fn),
    listings: listingCacheFor(app),
  };
}

export function platformCtx(app: FastifyInstance, request: FastifyRequest, companyId: string): TenantCtx {
  return {
    companyId,
    run: (fn) => app.db.scoped({ companyId, userId: request.principal?.userId ?? null }, fn),
    listings: listingCacheFor(app),
  };
}

export function toMember(r: repo.MemberRow): Member {
  return {
    uuid: r.user_id,
    membershipUuid: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    avatar: r.avatar,
    roles: r.roles,
    enabled: r.enabled,
    schedulingEnabled: r.scheduling_enabled,
    emailEnabled: r.email_enabled,
    videoCallEnabled: r.video_call_enabled,
    createdAt: iso(r.created_at)!,
    version: r.version,
  };
}

const snapshot = (r: repo.MemberRow) => ({
  roles: r.roles,
  enabled: r.enabled,
  schedulingEnabled: r.scheduling_enabled,
  emailEnabled: r.email_enabled,
  videoCallEnabled: r.video_call_enabled,
});

const isActiveAdmin = (m: { enabled: boolean; roles: string[] }) => m.enabled && m.roles.includes('admin');

export async function listMembers(ctx: TenantCtx, q: MemberListQuery) {
  const page = await ctx.run((tx) =>
    ctx.listings.readPage(tx, ctx.companyId, q, (q.page - 1) * q.itemsPerPage, q.itemsPerPage),
  );
  return { data: page.rows.map(toMember), page: q.page, itemsPerPage: q.itemsPerPage, totalItems: page.total };
}

export const MEMBER_CSV_HEADER = [
  'uuid',
  'email',
  'firstName',
  'lastName',
  'roles',
  'enabled',
  'schedulingEnabled',
  'emailEnabled',
  'videoCallEnabled',
  'createdAt',
];

/** The whole filtered set as CSV, read in keyset batches of 1,000 (constant memory, no row cap). */
export function exportMembers(ctx: TenantCtx, f: repo.MemberFilter): Readable {
  const rows = batches(
    (cursor: repo.MemberCursor | null, limit) => ctx.run((tx) => repo.memberBatch(tx, ctx.companyId, f, cursor, limit)),
    keysetOf,
  );
  return csvStream(MEMBER_CSV_HEADER, rows, (r) => [
    r.user_id,
    r.email,
    r.first_name,
    r.last_name,
    r.roles.join(' '),
    r.enabled,
    r.scheduling_enabled,
    r.email_enabled,
    r.video_call_enabled,
    iso(r.created_at),
  ]);
}

export async function getMember(ctx: TenantCtx, userId: string) {
  const m = await ctx.run((tx) => repo.findMember(tx, ctx.companyId, userId));
  if (!m) throw new AppError('NOT_FOUND');
  return toMember(m);
}

async function notifyMembership(app: FastifyInstance, ctx: TenantCtx, userId: string) {
  await app.bus.publish(userChannel(userId), { type: 'membership_updated', companyUuid: ctx.companyId });
  await app.bus.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'members' });
}

/** Changes roles, enabled flag or product toggles; `version: null` skips the check (bulk actions). */
async function applyUpdate(
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: TenantCtx,
  userId: string,
  version: number | null,
  patch: repo.MembershipPatch,
) {
  const after = await ctx.run(async (tx) => {
    const m = await repo.findMember(tx, ctx.companyId, userId, true);
    if (!m) throw new AppError('NOT_FOUND');
    if (version !== null && m.version !== version) throw new AppError('VERSION_CONFLICT');
    const next = { enabled: patch.enabled ?? m.enabled, roles: patch.roles ?? m.roles };
    if (isActiveAdmin(m) && !isActiveAdmin(next) && (await repo.otherActiveAdmins(tx, ctx.companyId, m.id)) === 0) {
      throw new AppError('LAST_ADMIN');
    }
    if (!(await repo.updateMembership(tx, m.id, m.version, patch))) throw new AppError('VERSION_CONFLICT');
    const updated = (await repo.findMember(tx, ctx.companyId, userId))!;
    await audit(tx, request, {
      action: 'member.update',
      targetType: 'user',
      targetId: userId,
      companyId: ctx.companyId,
      before: snapshot(m),
      after: snapshot(updated),
    });
    return updated;
  });
  await notifyMembership(app, ctx, userId);
  return toMember(after);
}

export function updateMember(
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: TenantCtx,
  userId: string,
  body: MemberUpdate,
) {
  const { version, ...patch } = body;
  return applyUpdate(app, request, ctx, userId, version, patch);
}

export async function removeMember(
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: TenantCtx,
  userId: string,
  version: number | null,
) {
  await ctx.run(async (tx) => {
    const m = await repo.findMember(tx, ctx.companyId, userId, true);
    if (!m) throw new AppError('NOT_FOUND');
    if (version !== null && m.version !== version) throw new AppError('VERSION_CONFLICT');
    if (isActiveAdmin(m) && (await repo.otherActiveAdmins(tx, ctx.companyId, m.id)) === 0) {
      throw new AppError('LAST_ADMIN');
    }
    await repo.deleteMembership(tx, ctx.companyId, m.id, userId);
    await audit(tx, request, {
      action: 'member.remove',
      targetType: 'user',
      targetId: userId,
      companyId: ctx.companyId,
      before: { ...snapshot(m), email: m.email },
      after: null,
    });
  });
  await notifyMembership(app, ctx, userId);
}

/** Applies one action to each selected member in its own transaction; one failure stops nothing else. */
export async function bulk(app: FastifyInstance, request: FastifyRequest, ctx: TenantCtx, body: MemberBulk) {
  const results: Array<{ uuid: string; ok: boolean; code?: string; message?: string }> = [];
  for (const uuid of [...new Set(body.uuids)]) {
    try {
      if (body.action === 'remove') await removeMember(app, request, ctx, uuid, null);
      else if (body.action === 'setRole') await applyUpdate(app, request, ctx, uuid, null, { roles: [body.role!] });
      else await applyUpdate(app, request, ctx, uuid, null, { enabled: body.action === 'enable' });
      results.push({ uuid, ok: true });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({ uuid, ok: false, code: e.code, message: errorMessage(e.code, request.lang) });
    }
  }
  return { results };
}

export async function memberTeams(ctx: TenantCtx, userId: string) {
  const rows = await ctx.run(async (tx) => {
    if (!(await repo.findMember(tx, ctx.companyId, userId))) throw new AppError('NOT_FOUND');
    return repo.teamsOf(tx, ctx.companyId, userId);
  });
  return { data: rows.map((r) => ({ uuid: r.id, name: r.name, isLead: !!r.is_lead })) };
}

/**
 * A company admin sees and ends the sessions a user opened on this company's host only: sessions
 * are host-bound, so that is exactly their access to this company, and an admin of one company
 * cannot sign a person out of another. `allCompanies` is for the platform (super admin).
 */
export async function memberSessions(ctx: TenantCtx, userId: string, allCompanies = false) {
  const rows = await ctx.run(async (tx) => {
    if (!(await repo.findMember(tx, ctx.companyId, userId))) throw new AppError('NOT_FOUND');
    return liveSessions(tx, userId, { companyId: allCompanies ? null : ctx.companyId, limit: 100 });
  });
  return {
    data: rows.map((s) => ({
      uuid: s.id,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
  };
}

export async function revokeMemberSessions(
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: TenantCtx,
  userId: string,
  allCompanies = false,
) {
  await ctx.run(async (tx) => {
    if (!(await repo.findMember(tx, ctx.companyId, userId))) throw new AppError('NOT_FOUND');
    const n = (await revokeUserSessions(tx, userId, 'admin_revoked', allCompanies ? null : ctx.companyId)).length;
    await audit(tx, request, {
      action: 'member.sessions_revoke',
      targetType: 'user',
      targetId: userId,
      companyId: ctx.companyId,
      after: { revokedSessions: n, allCompanies },
    });
  });
  await app.bus.publish(userChannel(userId), {
    type: 'user_logged_out',
    companyUuid: allCompanies ? null : ctx.companyId,
  });
  return { message: successMessage('SESSION_REVOKED_OK', request.lang) };
}

/**
 * Ends one session of a member, only if it is live on this company's host: any other id (another
 * company's, another user's, unknown, already ended) is NOT_FOUND and nothing changes. Only that
 * session's sockets close; the member's other sessions go on.
 */
export async function revokeMemberSession(
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: TenantCtx,
  userId: string,
  sessionId: string,
) {
  await ctx.run(async (tx) => {
    if (!(await repo.findMember(tx, ctx.companyId, userId))) throw new AppError('NOT_FOUND');
    const revoked = await revokeLiveSession(tx, userId, ctx.companyId, sessionId, 'admin_revoked');
    if (!revoked.length) throw new AppError('NOT_FOUND');
    await audit(tx, request, {
      action: 'member.session_revoke',
      targetType: 'user',
      targetId: userId,
      companyId: ctx.companyId,
      after: { sessionId },
    });
  });
  await app.bus.publish(userChannel(userId), { type: 'user_logged_out', sessionId });
  return { message: successMessage('SESSION_REVOKED_OK', request.lang) };
}
