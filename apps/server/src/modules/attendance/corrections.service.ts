import { MAX_ENTRY_HOURS } from '@wac/shared/constants';
import type { CorrectionKind } from '@wac/shared/schemas/attendance';
import { companyChannel, userChannel } from '@wac/shared/realtime';
import { zonedDate } from '@wac/shared/zoned-time';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { actingUser } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import * as calendarRepo from './calendar.repository';
import * as repo from './corrections.repository';
import * as entries from './entries.repository';

/** What a correction asks, from a member (pending) or an admin (applied at once). */
export interface CorrectionInput {
  kind: CorrectionKind;
  entryUuid?: string;
  clockIn?: string;
  clockOut?: string;
  reason: string;
}

type Times = { clockIn: string | null; clockOut: string | null };
const timesOf = (e: entries.EntryRow): Times => ({ clockIn: iso(e.clock_in), clockOut: iso(e.clock_out) });

export const toCorrection = (r: repo.CorrectionRow) => ({
  uuid: r.id,
  user: { uuid: r.user_id, firstName: r.first_name, lastName: r.last_name },
  entryUuid: r.entry_id,
  kind: r.kind,
  before: r.before,
  after: r.after,
  reason: r.reason,
  status: r.status,
  comment: r.comment,
  requestedBy: r.requested_by,
  decidedBy: r.decided_by,
  decidedAt: iso(r.decided_at),
  createdAt: iso(r.created_at)!,
});

/** The person's tabs and the company's admins (lists, counts, the day board) follow. */
async function announce(ctx: TenantCtx, userId: string) {
  await ctx.publish(userChannel(userId), { type: 'listing_changed', resource: 'attendance-corrections' });
  await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'attendance-corrections' });
}

interface Plan {
  kind: CorrectionKind;
  entry: entries.EntryRow | null;
  before: Times | null;
  after: Times | null;
  workDate: string | null;
  clockIn: Date | null;
  clockOut: Date | null;
}

/**
 * Checks a correction against what is recorded now: the entry is the person's and not removed, the
 * end comes after the start and not in the future, no other entry of the person overlaps, and no
 * day it touches is in a locked period. Nothing is written.
 */
async function plan(ctx: TenantCtx, tx: Tx, userId: string, c: CorrectionInput): Promise<Plan> {
  await repo.lockPerson(tx, ctx.companyId, userId);
  await repo.holdLocks(tx, ctx.companyId);
  const settings = (await calendarRepo.settings(tx, ctx.companyId))!;
  let entry: entries.EntryRow | null = null;
  if (c.kind !== 'add') {
    entry = c.entryUuid ? await repo.findEntry(tx, ctx.companyId, c.entryUuid) : null;
    if (!entry || entry.user_id !== userId || entry.status === 'removed') {
      throw new AppError('NOT_FOUND', [{ path: 'body.entryUuid', code: 'invalid' }]);
    }
  }
  const dates = entry ? [entry.work_date] : [];
  if (c.kind === 'remove') {
    if (await repo.lockedAny(tx, ctx.companyId, dates)) throw new AppError('ATTENDANCE_PERIOD_LOCKED');
    return { kind: c.kind, entry, before: timesOf(entry!), after: null, workDate: null, clockIn: null, clockOut: null };
  }
  const clockIn = c.clockIn ? new Date(c.clockIn) : new Date(entry!.clock_in);
  const out = c.clockOut ?? (entry?.clock_out ? iso(entry.clock_out) : null);
  const clockOut = out ? new Date(out) : null;
  if (clockOut && clockOut <= clockIn) {
    throw new AppError('ATTENDANCE_ENTRY_ORDER', [{ path: 'body.clockOut', code: 'invalid' }]);
  }
  if (clockOut && clockOut.getTime() - clockIn.getTime() > MAX_ENTRY_HOURS * 3_600_000) {
    throw new AppError('ATTENDANCE_ENTRY_TOO_LONG', [{ path: 'body.clockOut', code: 'invalid' }]);
  }
  const now = await entries.now(tx);
  if ((clockOut ?? clockIn) > now)
    throw new AppError('ATTENDANCE_IN_FUTURE', [{ path: 'body.clockOut', code: 'invalid' }]);
  // A shift counts to the company day it started on.
  const workDate = zonedDate(clockIn, settings.time_zone);
  if (await repo.lockedAny(tx, ctx.companyId, [...dates, workDate])) throw new AppError('ATTENDANCE_PERIOD_LOCKED');
  if (await repo.overlaps(tx, ctx.companyId, userId, entry?.id ?? null, clockIn, clockOut)) {
    throw new AppError('ATTENDANCE_OVERLAP');
  }
  return {
    kind: c.kind,
    entry,
    before: entry ? timesOf(entry) : null,
    after: { clockIn: clockIn.toISOString(), clockOut: clockOut?.toISOString() ?? null },
    workDate,
    clockIn,
    clockOut,
  };
}

/** Applies a checked plan; the entry's recorded times stay as the clock said them. */
async function apply(ctx: TenantCtx, tx: Tx, userId: string, p: Plan, reason: string) {
  let entry: entries.EntryRow;
  if (p.kind === 'add') {
    entry = await repo.addEntry(tx, ctx.companyId, {
      userId,
      workDate: p.workDate!,
      clockIn: p.clockIn!,
      clockOut: p.clockOut!,
    });
  } else if (p.kind === 'remove') {
    entry = await repo.changeEntry(tx, ctx.companyId, p.entry!.id, {
      workDate: p.entry!.work_date,
      clockIn: new Date(p.entry!.clock_in),
      clockOut: p.entry!.clock_out ? new Date(p.entry!.clock_out) : null,
      status: 'removed',
    });
  } else {
    // A corrected auto-closed entry has been reviewed; an open one given its end is closed.
    const status = p.clockOut ? 'closed' : p.entry!.status;
    entry = await repo.changeEntry(tx, ctx.companyId, p.entry!.id, {
      workDate: p.workDate!,
      clockIn: p.clockIn!,
      clockOut: p.clockOut,
      status,
    });
  }
  await ctx.audit(tx, {
    action: 'attendance.correction_apply',
    targetType: 'attendance_entry',
    targetId: entry.id,
    before: p.before ? { ...p.before, status: p.entry?.status, workDate: p.entry?.work_date } : null,
    after:
      p.kind === 'remove'
        ? { status: 'removed', reason }
        : { ...timesOf(entry), status: entry.status, workDate: entry.work_date, reason },
  });
  return entry;
}

async function memberOrFail(ctx: TenantCtx, tx: Tx, userId: string, path: string) {
  if (!(await entries.isActiveMember(tx, ctx.companyId, userId))) {
    throw new AppError(path ? 'NOT_FOUND' : 'FORBIDDEN', path ? [{ path, code: 'invalid' }] : undefined);
  }
}

/** A member asks for a correction of their own attendance; an admin decides. */
export async function request(ctx: TenantCtx, body: CorrectionInput) {
  const userId = actingUser(ctx);
  const created = await ctx.run(async (tx) => {
    await memberOrFail(ctx, tx, userId, '');
    const p = await plan(ctx, tx, userId, body);
    const id = await repo.insert(tx, ctx.companyId, {
      userId,
      entryId: p.entry?.id ?? null,
      kind: body.kind,
      before: p.before,
      after: p.after,
      reason: body.reason,
      status: 'pending',
      requestedBy: userId,
      decidedBy: null,
    });
    await ctx.audit(tx, {
      action: 'attendance.correction_request',
      targetType: 'attendance_entry',
      targetId: p.entry?.id ?? null,
      after: { kind: body.kind, before: p.before, after: p.after, reason: body.reason },
    });
    return (await repo.find(tx, ctx.companyId, id))!;
  });
  await announce(ctx, userId);
  return toCorrection(created);
}

/** An admin adds, changes or removes an entry of a member at once, with a reason. */
export async function correct(ctx: TenantCtx, body: CorrectionInput & { userUuid: string }) {
  const actor = actingUser(ctx);
  // As with time off, another admin decides on an admin's own hours (what payroll is paid on).
  if (body.userUuid === actor) throw new AppError('CORRECTION_OWN_ENTRY', [{ path: 'body.userUuid', code: 'invalid' }]);
  const created = await ctx.run(async (tx) => {
    await memberOrFail(ctx, tx, body.userUuid, 'body.userUuid');
    const p = await plan(ctx, tx, body.userUuid, body);
    const entry = await apply(ctx, tx, body.userUuid, p, body.reason);
    const id = await repo.insert(tx, ctx.companyId, {
      userId: body.userUuid,
      entryId: entry.id,
      kind: body.kind,
      before: p.before,
      after: p.after,
      reason: body.reason,
      status: 'applied',
      requestedBy: actor,
      decidedBy: actor,
    });
    return (await repo.find(tx, ctx.companyId, id))!;
  });
  await announce(ctx, body.userUuid);
  return toCorrection(created);
}

/** Approves a pending request: it is checked again against what is recorded now, then applied. */
export async function approve(ctx: TenantCtx, { id, comment }: { id: string; comment?: string }) {
  const actor = actingUser(ctx);
  const done = await ctx.run(async (tx) => {
    const c = await repo.find(tx, ctx.companyId, id, true);
    if (!c) throw new AppError('NOT_FOUND');
    if (c.user_id === actor) throw new AppError('CORRECTION_OWN_ENTRY');
    if (c.status !== 'pending') throw new AppError('CORRECTION_DECIDED');
    // Checked again now, as the clock and an admin's direct correction check it: a person disabled
    // or removed since asking gets no entry written (the request can still be declined).
    if (!(await entries.isActiveMember(tx, ctx.companyId, c.user_id, true))) {
      throw new AppError('CORRECTION_MEMBER_INACTIVE');
    }
    const p = await plan(ctx, tx, c.user_id, {
      kind: c.kind,
      entryUuid: c.entry_id ?? undefined,
      clockIn: c.after?.clockIn ?? undefined,
      clockOut: c.after?.clockOut ?? undefined,
      reason: c.reason,
    });
    const entry = await apply(ctx, tx, c.user_id, p, c.reason);
    if (
      !(await repo.decide(tx, ctx.companyId, id, {
        status: 'applied',
        decidedBy: actor,
        comment: comment || null,
        entryId: entry.id,
      }))
    ) {
      throw new AppError('CORRECTION_DECIDED');
    }
    return (await repo.find(tx, ctx.companyId, id))!;
  });
  await announce(ctx, done.user_id);
  return toCorrection(done);
}

export async function decline(ctx: TenantCtx, { id, comment }: { id: string; comment?: string }) {
  const actor = actingUser(ctx);
  const done = await ctx.run(async (tx) => {
    const c = await repo.find(tx, ctx.companyId, id, true);
    if (!c) throw new AppError('NOT_FOUND');
    if (c.user_id === actor) throw new AppError('CORRECTION_OWN_ENTRY');
    if (
      !(await repo.decide(tx, ctx.companyId, id, {
        status: 'declined',
        decidedBy: actor,
        comment: comment || null,
        entryId: null,
      }))
    ) {
      throw new AppError('CORRECTION_DECIDED');
    }
    await ctx.audit(tx, {
      action: 'attendance.correction_decline',
      targetType: 'attendance_entry',
      targetId: c.entry_id,
      after: { correction: id, comment: comment || null },
    });
    return (await repo.find(tx, ctx.companyId, id))!;
  });
  await announce(ctx, done.user_id);
  return toCorrection(done);
}

type ListQuery = {
  status?: 'pending' | 'applied' | 'declined';
  userUuid?: string;
  order: 'asc' | 'desc';
  page: number;
  itemsPerPage: number;
};

export async function list(ctx: TenantCtx, q: ListQuery) {
  const r = await ctx.run((tx) => repo.list(tx, ctx.companyId, { ...q, userId: q.userUuid }));
  return pageOf(q, r.data.map(toCorrection), r.totalItems);
}

/** The signed-in member's own requests and what became of them. */
export async function mine(ctx: TenantCtx, q: ListQuery) {
  const userId = actingUser(ctx);
  const r = await ctx.run(async (tx) => {
    await memberOrFail(ctx, tx, userId, '');
    return repo.list(tx, ctx.companyId, { ...q, userId });
  });
  return pageOf(q, r.data.map(toCorrection), r.totalItems);
}

export async function pendingCount(ctx: TenantCtx) {
  return { count: await ctx.run((tx) => repo.pendingCount(tx, ctx.companyId)) };
}
