import type { Readable } from 'node:stream';
import { errorMessage } from '@wac/shared/errors';
import { successMessage } from '@wac/shared/messages';
import { companyChannel, userChannel } from '@wac/shared/realtime';
import type { Member, MemberBulk, MemberListQuery, MemberUpdate } from '@wac/shared/schemas/members';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { csvStream } from '../../lib/csv-export';
import { AppError } from '../../lib/errors';
import { batches, iso, keysetOf } from '../../lib/sql';
import * as repo from './members.repository';
import * as sessions from '../auth/sessions.service';
import { exportCellsInTx, exportColumnsInTx } from '../employees/employee-import.service';
import { inDirectoryInTx } from '../employees/employees.service';
import { listingCacheFor } from './listing-cache';

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
    listingCacheFor(ctx.infra).readPage(tx, ctx.companyId, q, (q.page - 1) * q.itemsPerPage, q.itemsPerPage),
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

/**
 * The whole filtered set as CSV, read in keyset batches of 1,000 (constant memory, no row cap), each
 * member with their employee record (the columns the import reads back) for callers who read them.
 */
export async function exportMembers(
  ctx: TenantCtx,
  f: repo.MemberFilter,
  /** Whether the caller reads employee records (peopleHR): without, the membership columns only. */
  { records }: { records: boolean },
): Promise<Readable> {
  const { header, fields } = records
    ? await ctx.run((tx) => exportColumnsInTx(tx, ctx.companyId))
    : { header: [], fields: [] };
  const rows = batches(
    (cursor: repo.MemberCursor | null, limit) =>
      ctx.run(async (tx) => {
        const batch = await repo.memberBatch(tx, ctx.companyId, f, cursor, limit);
        const cells = records
          ? await exportCellsInTx(
              tx,
              ctx.companyId,
              batch.map((r) => r.user_id),
              fields,
            )
          : new Map<string, unknown[]>();
        return batch.map((r) => ({ ...r, record: cells.get(r.user_id) ?? [] }));
      }),
    keysetOf,
  );
  return csvStream([...MEMBER_CSV_HEADER, ...header], rows, (r) => [
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
    ...r.record,
  ]);
}

/**
 * One member. An admin (who reads `user`) finds every member; a colleague only someone still in the
 * directory, as GET /api/employees/{uuid} answers: a disabled membership or an ended employment is
 * NOT_FOUND to them (the person themselves excepted).
 */
export async function getMember(ctx: TenantCtx, userId: string, { asAdmin }: { asAdmin: boolean }) {
  const m = await ctx.run(async (tx) => {
    const r = await repo.findMember(tx, ctx.companyId, userId);
    if (!r || asAdmin || ctx.actor.userId === userId) return r;
    return (await inDirectoryInTx(tx, ctx.companyId, userId)) ? r : null;
  });
  if (!m) throw new AppError('NOT_FOUND');
  return toMember(m);
}

async function notifyMembership(ctx: TenantCtx, userId: string) {
  await ctx.publish(userChannel(userId), { type: 'membership_updated', companyUuid: ctx.companyId });
  await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'members' });
}

/** Changes roles, enabled flag or product toggles; `version: null` skips the check (bulk actions). */
async function applyUpdate(ctx: TenantCtx, userId: string, version: number | null, patch: repo.MembershipPatch) {
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
    await ctx.audit(tx, {
      action: 'member.update',
      targetType: 'user',
      targetId: userId,
      companyId: ctx.companyId,
      before: snapshot(m),
      after: snapshot(updated),
    });
    return updated;
  });
  await notifyMembership(ctx, userId);
  return toMember(after);
}

export function updateMember(ctx: TenantCtx, { userId, version, ...patch }: MemberUpdate & { userId: string }) {
  return applyUpdate(ctx, userId, version, patch);
}

export async function removeMember(ctx: TenantCtx, { userId, version }: { userId: string; version: number | null }) {
  await ctx.run(async (tx) => {
    const m = await repo.findMember(tx, ctx.companyId, userId, true);
    if (!m) throw new AppError('NOT_FOUND');
    if (version !== null && m.version !== version) throw new AppError('VERSION_CONFLICT');
    if (isActiveAdmin(m) && (await repo.otherActiveAdmins(tx, ctx.companyId, m.id)) === 0) {
      throw new AppError('LAST_ADMIN');
    }
    await repo.deleteMembership(tx, ctx.companyId, m.id, userId);
    await ctx.audit(tx, {
      action: 'member.remove',
      targetType: 'user',
      targetId: userId,
      companyId: ctx.companyId,
      before: { ...snapshot(m), email: m.email },
      after: null,
    });
  });
  await notifyMembership(ctx, userId);
}

/** Applies one action to each selected member in its own transaction; one failure stops nothing else. */
export async function bulk(ctx: TenantCtx, body: MemberBulk) {
  const results: Array<{ uuid: string; ok: boolean; code?: string; message?: string }> = [];
  for (const uuid of [...new Set(body.uuids)]) {
    try {
      if (body.action === 'remove') await removeMember(ctx, { userId: uuid, version: null });
      else if (body.action === 'setRole') await applyUpdate(ctx, uuid, null, { roles: [body.role!] });
      else await applyUpdate(ctx, uuid, null, { enabled: body.action === 'enable' });
      results.push({ uuid, ok: true });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({ uuid, ok: false, code: e.code, message: errorMessage(e.code, ctx.actor.lang) });
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
export async function memberSessions(
  ctx: TenantCtx,
  { userId, allCompanies = false }: { userId: string; allCompanies?: boolean },
) {
  const rows = await ctx.run(async (tx) => {
    if (!(await repo.findMember(tx, ctx.companyId, userId))) throw new AppError('NOT_FOUND');
    return sessions.liveSessionsInTx(tx, { userId, companyId: allCompanies ? null : ctx.companyId, limit: 100 });
  });
  return {
    data: rows.map((s) => ({
      uuid: s.id,
      subDomain: s.companySubDomain,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
  };
}

export async function revokeMemberSessions(
  ctx: TenantCtx,
  { userId, allCompanies = false }: { userId: string; allCompanies?: boolean },
) {
  await ctx.run(async (tx) => {
    if (!(await repo.findMember(tx, ctx.companyId, userId))) throw new AppError('NOT_FOUND');
    const companyId = allCompanies ? null : ctx.companyId;
    const n = (await sessions.revokeUserSessionsInTx(tx, { userId, reason: 'admin_revoked', companyId })).length;
    await ctx.audit(tx, {
      action: 'member.sessions_revoke',
      targetType: 'user',
      targetId: userId,
      companyId: ctx.companyId,
      after: { revokedSessions: n, allCompanies },
    });
  });
  await sessions.announceLoggedOut(ctx, { userId, companyUuid: allCompanies ? null : ctx.companyId });
  return { message: successMessage('SESSION_REVOKED_OK', ctx.actor.lang) };
}

/**
 * Ends one session of a member, only if it is live on this company's host: any other id (another
 * company's, another user's, unknown, already ended) is NOT_FOUND and nothing changes. Only that
 * session's sockets close; the member's other sessions go on.
 */
export async function revokeMemberSession(
  ctx: TenantCtx,
  { userId, sessionId }: { userId: string; sessionId: string },
) {
  await ctx.run(async (tx) => {
    if (!(await repo.findMember(tx, ctx.companyId, userId))) throw new AppError('NOT_FOUND');
    const revoked = await sessions.revokeLiveSessionInTx(tx, {
      userId,
      companyId: ctx.companyId,
      sessionId,
      reason: 'admin_revoked',
    });
    if (!revoked.length) throw new AppError('NOT_FOUND');
    await ctx.audit(tx, {
      action: 'member.session_revoke',
      targetType: 'user',
      targetId: userId,
      companyId: ctx.companyId,
      after: { sessionId },
    });
  });
  await sessions.announceLoggedOut(ctx, { userId, sessionId });
  return { message: successMessage('SESSION_REVOKED_OK', ctx.actor.lang) };
}

/** Who is told about work waiting for an admin (a time-off request, an uploaded certificate): the company's enabled admins. */
export const companyAdmins = (tx: Tx, companyId: string) => repo.enabledAdmins(tx, companyId);
