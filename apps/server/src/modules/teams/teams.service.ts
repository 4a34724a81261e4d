import type { Readable } from 'node:stream';
import { companyChannel } from '@wac/shared/realtime';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { csvStream } from '../../lib/csv-export';
import { AppError } from '../../lib/errors';
import { batches, iso, type KeysetCursor, keysetOf } from '../../lib/sql';
import * as repo from './teams.repository';
import { forgetGroup } from '../compliance/audiences.service';

export const toTeam = (r: repo.TeamRow) => ({
  uuid: r.id,
  name: r.name,
  description: r.description,
  lead: r.lead_user_id
    ? { uuid: r.lead_user_id, firstName: r.lead_first_name ?? '', lastName: r.lead_last_name ?? '' }
    : null,
  memberCount: r.member_count,
  createdAt: iso(r.created_at)!,
  version: r.version,
});
const snapshot = (r: repo.TeamRow) => ({ name: r.name, description: r.description, leadUserId: r.lead_user_id });

/** People named in a body must be members of this company; others are reported as not found. */
async function assertMembers(tx: Tx, companyId: string, userIds: string[], path: string) {
  const missing = await repo.nonMembers(tx, companyId, [...new Set(userIds)]);
  if (missing.length) throw new AppError('NOT_FOUND', [{ path, code: 'invalid' }]);
}

async function assertNameFree(tx: Tx, companyId: string, name: string, exceptId: string | null = null) {
  if (await repo.nameTaken(tx, companyId, name, exceptId)) throw new AppError('TEAM_NAME_TAKEN');
}

const changed = (ctx: TenantCtx) =>
  ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'teams' });

/** The first `limit` teams matching `q` by name, in the caller's transaction (the navbar search). */
export async function matchingInTx(tx: Tx, companyId: string, q: string, limit: number) {
  const page = { search: q, page: 1, itemsPerPage: limit, sort: 'name', order: 'asc' } as const;
  return (await repo.list(tx, companyId, page)).data.map(toTeam);
}

export async function list(ctx: TenantCtx, q: Parameters<typeof repo.list>[2]) {
  const { data, totalItems } = await ctx.run((tx) => repo.list(tx, ctx.companyId, q));
  return { data: data.map(toTeam), page: q.page, itemsPerPage: q.itemsPerPage, totalItems };
}

export const TEAM_CSV_HEADER = ['uuid', 'name', 'description', 'lead', 'members', 'createdAt'];

/** The whole filtered set as CSV, read in keyset batches of 1,000 (constant memory, no row cap). */
export function exportTeams(ctx: TenantCtx, f: repo.TeamFilter): Readable {
  const all = batches(
    (cursor: KeysetCursor | null, limit) => ctx.run((tx) => repo.batch(tx, ctx.companyId, f, cursor, limit)),
    keysetOf,
  );
  return csvStream(TEAM_CSV_HEADER, all, (r) => [
    r.id,
    r.name,
    r.description,
    r.lead_email,
    r.member_count,
    iso(r.created_at),
  ]);
}

export async function get(ctx: TenantCtx, id: string) {
  const team = await ctx.run((tx) => repo.find(tx, ctx.companyId, id));
  if (!team) throw new AppError('NOT_FOUND');
  return toTeam(team);
}

export async function create(
  ctx: TenantCtx,
  body: { name: string; description?: string | null; leadUuid?: string | null; memberUuids?: string[] },
) {
  const team = await ctx.run(async (tx) => {
    await assertNameFree(tx, ctx.companyId, body.name);
    const lead = body.leadUuid ?? null;
    if (lead) await assertMembers(tx, ctx.companyId, [lead], 'body.leadUuid');
    await assertMembers(tx, ctx.companyId, body.memberUuids ?? [], 'body.memberUuids');
    const id = await repo.insert(tx, ctx.companyId, {
      name: body.name,
      description: body.description ?? null,
      leadUserId: lead,
    });
    // The lead belongs to the team they lead.
    await repo.addMembers(tx, ctx.companyId, id, [...new Set([...(body.memberUuids ?? []), ...(lead ? [lead] : [])])]);
    const created = (await repo.find(tx, ctx.companyId, id))!;
    await ctx.audit(tx, {
      action: 'team.create',
      targetType: 'team',
      targetId: id,
      companyId: ctx.companyId,
      after: snapshot(created),
    });
    return created;
  });
  await changed(ctx);
  return toTeam(team);
}

export async function update(
  ctx: TenantCtx,
  {
    id,
    ...body
  }: { id: string; version: number; name?: string; description?: string | null; leadUuid?: string | null },
) {
  const team = await ctx.run(async (tx) => {
    const current = await repo.find(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.version !== body.version) throw new AppError('VERSION_CONFLICT');
    if (body.name !== undefined) await assertNameFree(tx, ctx.companyId, body.name, id);
    if (body.leadUuid) await assertMembers(tx, ctx.companyId, [body.leadUuid], 'body.leadUuid');
    const ok = await repo.update(tx, id, body.version, {
      name: body.name,
      description: body.description,
      leadUserId: body.leadUuid,
    });
    if (!ok) throw new AppError('VERSION_CONFLICT');
    if (body.leadUuid) await repo.addMembers(tx, ctx.companyId, id, [body.leadUuid]);
    const updated = (await repo.find(tx, ctx.companyId, id))!;
    await ctx.audit(tx, {
      action: 'team.update',
      targetType: 'team',
      targetId: id,
      companyId: ctx.companyId,
      before: snapshot(current),
      after: snapshot(updated),
    });
    return updated;
  });
  await changed(ctx);
  return toTeam(team);
}

export async function remove(ctx: TenantCtx, { id, version }: { id: string; version: number | null }) {
  await ctx.run(async (tx) => {
    const current = await repo.find(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (version !== null && current.version !== version) throw new AppError('VERSION_CONFLICT');
    await forgetGroup(tx, ctx.companyId, { teamId: id });
    await repo.remove(tx, id);
    await ctx.audit(tx, {
      action: 'team.delete',
      targetType: 'team',
      targetId: id,
      companyId: ctx.companyId,
      before: snapshot(current),
    });
  });
  await changed(ctx);
}

export async function members(
  ctx: TenantCtx,
  { id, ...q }: { id: string; search?: string; page: number; itemsPerPage: number },
) {
  const { data, totalItems } = await ctx.run(async (tx) => {
    const team = await repo.find(tx, ctx.companyId, id);
    if (!team) throw new AppError('NOT_FOUND');
    return repo.members(tx, id, team.lead_user_id, q);
  });
  return {
    data: data.map((r) => ({
      uuid: r.user_id,
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      isLead: r.is_lead,
      addedAt: iso(r.created_at)!,
    })),
    page: q.page,
    itemsPerPage: q.itemsPerPage,
    totalItems,
  };
}

export async function addMembers(ctx: TenantCtx, { id, userIds }: { id: string; userIds: string[] }) {
  const team = await ctx.run(async (tx) => {
    const team = await repo.find(tx, ctx.companyId, id, true);
    if (!team) throw new AppError('NOT_FOUND');
    await assertMembers(tx, ctx.companyId, userIds, 'body.uuids');
    const added = await repo.addMembers(tx, ctx.companyId, id, [...new Set(userIds)]);
    await ctx.audit(tx, {
      action: 'team.members_add',
      targetType: 'team',
      targetId: id,
      companyId: ctx.companyId,
      after: { userIds, added },
    });
    return (await repo.find(tx, ctx.companyId, id))!;
  });
  await changed(ctx);
  return toTeam(team);
}

export async function removeMember(ctx: TenantCtx, { id, userId }: { id: string; userId: string }) {
  await ctx.run(async (tx) => {
    const team = await repo.find(tx, ctx.companyId, id, true);
    if (!team) throw new AppError('NOT_FOUND');
    if (!(await repo.removeMember(tx, id, userId))) throw new AppError('NOT_FOUND');
    if (team.lead_user_id === userId) await repo.update(tx, id, team.version, { leadUserId: null });
    await ctx.audit(tx, {
      action: 'team.members_remove',
      targetType: 'team',
      targetId: id,
      companyId: ctx.companyId,
      before: { userId },
    });
  });
  await changed(ctx);
}
