import { companyChannel } from '@wac/shared/realtime';
import type { TimeOffTypeCreate, TimeOffTypeListQuery, TimeOffTypeUpdate } from '@wac/shared/schemas/time-off-types';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import * as repo from './time-off-types.repository';

/** Time-off types: what a company lets its people take, how much a year, how it accrues and carries over. */

export const toTimeOffType = (r: repo.TimeOffTypeRow) => ({
  uuid: r.id,
  name: r.name,
  color: r.color,
  paid: r.paid,
  unit: r.unit,
  yearlyAllowance: Number(r.yearly_allowance),
  accrual: r.accrual,
  carryOverCap: r.carry_over_cap === null ? null : Number(r.carry_over_cap),
  needsApproval: r.needs_approval,
  allowNegative: r.allow_negative,
  createdAt: iso(r.created_at)!,
  version: r.version,
});
const snapshot = (r: repo.TimeOffTypeRow) => {
  const { uuid: _u, createdAt: _c, version: _v, ...rest } = toTimeOffType(r);
  return rest;
};

/** Open listings of this company refetch. */
const changed = (ctx: TenantCtx) =>
  ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'time-off-types' });

export async function list(ctx: TenantCtx, q: TimeOffTypeListQuery) {
  const { data, totalItems } = await ctx.run((tx) => repo.list(tx, ctx.companyId, q));
  return pageOf(q, data.map(toTimeOffType), totalItems);
}

export async function get(ctx: TenantCtx, id: string) {
  const row = await ctx.run((tx) => repo.find(tx, ctx.companyId, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toTimeOffType(row);
}

/** The company's types inside the caller's transaction (the ledger and requests read them). */
export const typesInTx = (tx: Tx, companyId: string) => repo.all(tx, companyId);
export const typeInTx = (tx: Tx, companyId: string, id: string) => repo.find(tx, companyId, id);

async function assertNameFree(tx: Tx, companyId: string, name: string, exceptId: string | null = null) {
  if (await repo.nameTaken(tx, companyId, name, exceptId)) {
    throw new AppError('TIME_OFF_TYPE_NAME_TAKEN', [{ path: 'body.name', code: 'invalid' }]);
  }
}

export async function create(ctx: TenantCtx, input: TimeOffTypeCreate) {
  const row = await ctx.run(async (tx) => {
    await assertNameFree(tx, ctx.companyId, input.name);
    const id = await repo.insert(tx, ctx.companyId, {
      name: input.name,
      color: input.color ?? '#1c7ed6',
      paid: input.paid ?? true,
      unit: input.unit ?? 'days',
      yearlyAllowance: input.yearlyAllowance ?? 0,
      accrual: input.accrual ?? 'yearly',
      carryOverCap: input.carryOverCap === undefined ? 0 : input.carryOverCap,
      needsApproval: input.needsApproval ?? true,
      allowNegative: input.allowNegative ?? false,
    });
    const created = (await repo.find(tx, ctx.companyId, id))!;
    await ctx.audit(tx, {
      action: 'time_off_type.create',
      targetType: 'time_off_type',
      targetId: id,
      after: snapshot(created),
    });
    return created;
  });
  await changed(ctx);
  return toTimeOffType(row);
}

/** A change applies from now on: entries already in the ledger keep their amounts. */
export async function update(ctx: TenantCtx, { id, version, ...patch }: TimeOffTypeUpdate & { id: string }) {
  const row = await ctx.run(async (tx) => {
    const current = await repo.find(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.version !== version) throw new AppError('VERSION_CONFLICT');
    if (patch.name !== undefined) await assertNameFree(tx, ctx.companyId, patch.name, id);
    const was = snapshot(current);
    const ok = await repo.update(tx, ctx.companyId, id, version, {
      ...was,
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    });
    if (!ok) throw new AppError('VERSION_CONFLICT');
    const updated = (await repo.find(tx, ctx.companyId, id))!;
    await ctx.audit(tx, {
      action: 'time_off_type.update',
      targetType: 'time_off_type',
      targetId: id,
      before: was,
      after: snapshot(updated),
    });
    return updated;
  });
  await changed(ctx);
  return toTimeOffType(row);
}

/** Only a type nobody has used goes; one with history stays (its entries keep its name). */
export async function remove(ctx: TenantCtx, { id, version }: { id: string; version: number | null }) {
  await ctx.run(async (tx) => {
    const current = await repo.find(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (version !== null && current.version !== version) throw new AppError('VERSION_CONFLICT');
    if (await repo.inUse(tx, ctx.companyId, id)) throw new AppError('TIME_OFF_TYPE_IN_USE');
    await repo.remove(tx, ctx.companyId, id);
    await ctx.audit(tx, {
      action: 'time_off_type.delete',
      targetType: 'time_off_type',
      targetId: id,
      before: snapshot(current),
    });
  });
  await changed(ctx);
}
