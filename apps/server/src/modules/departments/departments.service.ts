import { companyChannel } from '@wac/shared/realtime';
import type { DepartmentCreate, DepartmentListQuery, DepartmentUpdate } from '@wac/shared/schemas/departments';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import * as repo from './departments.repository';
import { forgetGroup } from '../compliance/audiences.service';

/** Departments: a tree of a company's units, each with a head and a count of its current people. */

export const toDepartment = (r: repo.DepartmentRow) => ({
  uuid: r.id,
  name: r.name,
  description: r.description,
  parentUuid: r.parent_id,
  color: r.color,
  head: r.head_user_id
    ? { uuid: r.head_user_id, firstName: r.head_first_name ?? '', lastName: r.head_last_name ?? '' }
    : null,
  memberCount: r.member_count,
  createdAt: iso(r.created_at)!,
  version: r.version,
});
const snapshot = (r: repo.DepartmentRow) => ({
  name: r.name,
  description: r.description,
  parentId: r.parent_id,
  headUserId: r.head_user_id,
  color: r.color,
});

/** The company's date today, in its own time zone: what "ended" and "this year" are measured by. */
export const todayIn = (tx: Tx, companyId: string) => repo.today(tx, companyId);

/** Whether a department of this company has this id (a foreign or unknown id is simply not one). */
export const departmentExists = (tx: Tx, companyId: string, id: string) => repo.exists(tx, companyId, id);

/** Open listings of this company refetch. */
export const departmentsChanged = (ctx: TenantCtx) =>
  ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'departments' });

/** The first `limit` departments matching `q` by name, in the caller's transaction (the navbar search). */
export async function matchingInTx(tx: Tx, companyId: string, q: string, limit: number) {
  const page = { search: q, page: 1, itemsPerPage: limit, sort: 'name', order: 'asc' } as const;
  return (await repo.list(tx, companyId, await repo.today(tx, companyId), page)).data.map(toDepartment);
}

export async function list(ctx: TenantCtx, q: DepartmentListQuery) {
  const { data, totalItems } = await ctx.run(async (tx) =>
    repo.list(tx, ctx.companyId, await repo.today(tx, ctx.companyId), q),
  );
  return pageOf(q, data.map(toDepartment), totalItems);
}

export async function tree(ctx: TenantCtx) {
  const data = await ctx.run(async (tx) => repo.all(tx, ctx.companyId, await repo.today(tx, ctx.companyId)));
  return { data: data.map(toDepartment) };
}

export async function get(ctx: TenantCtx, id: string) {
  const row = await ctx.run(async (tx) => repo.find(tx, ctx.companyId, id, await repo.today(tx, ctx.companyId)));
  if (!row) throw new AppError('NOT_FOUND');
  return toDepartment(row);
}

/** The parent and the head named in a body must belong to this company; a parent may not sit below. */
async function checkRefs(
  tx: Tx,
  companyId: string,
  id: string | null,
  body: { parentUuid?: string | null; headUuid?: string | null; name?: string },
) {
  if (body.name !== undefined && (await repo.nameTaken(tx, companyId, body.name, id))) {
    throw new AppError('DEPARTMENT_NAME_TAKEN');
  }
  if (body.parentUuid) {
    if (!(await repo.exists(tx, companyId, body.parentUuid))) {
      throw new AppError('NOT_FOUND', [{ path: 'body.parentUuid', code: 'invalid' }]);
    }
    if (id && (await repo.isSelfOrBelow(tx, companyId, body.parentUuid, id))) throw new AppError('DEPARTMENT_CYCLE');
  }
  if (body.headUuid && !(await repo.isMember(tx, companyId, body.headUuid))) {
    throw new AppError('NOT_FOUND', [{ path: 'body.headUuid', code: 'invalid' }]);
  }
}

export async function create(ctx: TenantCtx, input: DepartmentCreate) {
  const row = await ctx.run(async (tx) => {
    await checkRefs(tx, ctx.companyId, null, input);
    const id = await repo.insert(tx, ctx.companyId, {
      name: input.name,
      description: input.description ?? null,
      parentId: input.parentUuid ?? null,
      headUserId: input.headUuid ?? null,
      color: input.color,
    });
    const created = (await repo.find(tx, ctx.companyId, id, await repo.today(tx, ctx.companyId)))!;
    await ctx.audit(tx, {
      action: 'department.create',
      targetType: 'department',
      targetId: id,
      after: snapshot(created),
    });
    return created;
  });
  await departmentsChanged(ctx);
  return toDepartment(row);
}

export async function update(ctx: TenantCtx, { id, version, ...patch }: DepartmentUpdate & { id: string }) {
  const row = await ctx.run(async (tx) => {
    const today = await repo.today(tx, ctx.companyId);
    const current = await repo.find(tx, ctx.companyId, id, today, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.version !== version) throw new AppError('VERSION_CONFLICT');
    await checkRefs(tx, ctx.companyId, id, patch);
    const ok = await repo.update(tx, id, version, {
      name: patch.name,
      description: patch.description,
      parentId: patch.parentUuid,
      headUserId: patch.headUuid,
      color: patch.color,
    });
    if (!ok) throw new AppError('VERSION_CONFLICT');
    const updated = (await repo.find(tx, ctx.companyId, id, today))!;
    await ctx.audit(tx, {
      action: 'department.update',
      targetType: 'department',
      targetId: id,
      before: snapshot(current),
      after: snapshot(updated),
    });
    return updated;
  });
  await departmentsChanged(ctx);
  return toDepartment(row);
}

/** Removes a department: its sub-departments move up to no parent and its people to no department. */
export async function remove(ctx: TenantCtx, { id, version }: { id: string; version: number | null }) {
  await ctx.run(async (tx) => {
    const current = await repo.find(tx, ctx.companyId, id, await repo.today(tx, ctx.companyId), true);
    if (!current) throw new AppError('NOT_FOUND');
    if (version !== null && current.version !== version) throw new AppError('VERSION_CONFLICT');
    // Its sub-departments move up to its parent (the tree keeps its shape), its people stay without one.
    await repo.reparentChildren(tx, ctx.companyId, id, current.parent_id);
    await forgetGroup(tx, ctx.companyId, { departmentId: id });
    await repo.remove(tx, id);
    await ctx.audit(tx, {
      action: 'department.delete',
      targetType: 'department',
      targetId: id,
      before: snapshot(current),
    });
  });
  await departmentsChanged(ctx);
}
