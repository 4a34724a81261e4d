import { companyChannel } from '@wac/shared/realtime';
import type { ScheduleDay } from '../../db/schema/attendance';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { weeklyMinutes } from './calendar';
import * as repo from './calendar.repository';
import {
  companyToday,
  leaveOutOfPendingBulk,
  membersOf,
  scheduleCounts,
  schedulesChanged,
} from './schedule-members.service';

type Days = Array<ScheduleDay | null>;

export const toSchedule = (r: repo.ScheduleRow) => ({
  uuid: r.id,
  name: r.name,
  days: r.days,
  breakMinutes: r.break_minutes,
  graceMinutes: r.grace_minutes,
  isDefault: r.is_default,
  weeklyMinutes: weeklyMinutes(r),
  version: r.version,
});
const snapshot = (r: repo.ScheduleRow) => ({
  name: r.name,
  days: r.days,
  breakMinutes: r.break_minutes,
  graceMinutes: r.grace_minutes,
  isDefault: r.is_default,
});
const changed = (ctx: TenantCtx) =>
  ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'work-schedules' });

async function assertNameFree(tx: Tx, companyId: string, name: string, exceptId: string | null = null) {
  if (await repo.scheduleNameTaken(tx, companyId, name, exceptId)) {
    throw new AppError('SCHEDULE_NAME_TAKEN', [{ path: 'body.name', code: 'invalid' }]);
  }
}

/** The schedules, each with how many enabled members follow it on the company's today. */
export async function listSchedules(ctx: TenantCtx) {
  const { data, counts } = await ctx.run(async (tx) => {
    const data = await repo.listSchedules(tx, ctx.companyId);
    return { data, counts: await scheduleCounts(tx, ctx.companyId, await companyToday(tx, ctx.companyId)) };
  });
  return { data: data.map((r) => ({ ...toSchedule(r), members: membersOf(r, data, counts) })) };
}

export async function getSchedule(ctx: TenantCtx, id: string) {
  const r = await ctx.run((tx) => repo.findSchedule(tx, ctx.companyId, id));
  if (!r) throw new AppError('NOT_FOUND');
  return toSchedule(r);
}

export async function createSchedule(
  ctx: TenantCtx,
  body: { name: string; days: Days; breakMinutes: number; graceMinutes: number; isDefault: boolean },
) {
  const created = await ctx.run(async (tx) => {
    await assertNameFree(tx, ctx.companyId, body.name);
    // The first schedule of a company is its default.
    const isDefault = body.isDefault || (await repo.listSchedules(tx, ctx.companyId)).length === 0;
    if (isDefault) await repo.clearDefault(tx, ctx.companyId);
    const id = await repo.insertSchedule(tx, ctx.companyId, { ...body, isDefault });
    const created = (await repo.findSchedule(tx, ctx.companyId, id))!;
    await ctx.audit(tx, {
      action: 'work_schedule.create',
      targetType: 'work_schedule',
      targetId: id,
      after: snapshot(created),
    });
    return created;
  });
  await changed(ctx);
  return toSchedule(created);
}

/**
 * Changes a schedule. Past days keep what was worked and recorded; their expected hours follow
 * the schedule as it is now, so a change that must not reach back is a new schedule assigned from a date.
 */
export async function updateSchedule(
  ctx: TenantCtx,
  {
    id,
    ...body
  }: {
    id: string;
    version: number;
    name?: string;
    days?: Days;
    breakMinutes?: number;
    graceMinutes?: number;
    isDefault?: true;
  },
) {
  const updated = await ctx.run(async (tx) => {
    const current = await repo.findSchedule(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.version !== body.version) throw new AppError('VERSION_CONFLICT');
    if (body.name !== undefined) await assertNameFree(tx, ctx.companyId, body.name, id);
    if (body.isDefault && !current.is_default) await repo.clearDefault(tx, ctx.companyId);
    if (!(await repo.updateSchedule(tx, id, body.version, body))) throw new AppError('VERSION_CONFLICT');
    const updated = (await repo.findSchedule(tx, ctx.companyId, id))!;
    // What a day of this schedule counts (or who follows the default) changed: time off not over
    // is counted again (for everyone: who follows it is a question of dates the recount answers).
    if (
      JSON.stringify([current.days, current.break_minutes, current.is_default]) !==
      JSON.stringify([updated.days, updated.break_minutes, updated.is_default])
    )
      await schedulesChanged(tx, ctx.companyId, await companyToday(tx, ctx.companyId), null);
    await ctx.audit(tx, {
      action: 'work_schedule.update',
      targetType: 'work_schedule',
      targetId: id,
      before: snapshot(current),
      after: snapshot(updated),
    });
    return updated;
  });
  await changed(ctx);
  return toSchedule(updated);
}

export async function removeSchedule(ctx: TenantCtx, { id, version }: { id: string; version: number | null }) {
  await ctx.run(async (tx) => {
    const current = await repo.findSchedule(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (version !== null && current.version !== version) throw new AppError('VERSION_CONFLICT');
    if (current.is_default) throw new AppError('SCHEDULE_DEFAULT_REQUIRED');
    if (await repo.scheduleInUse(tx, id)) throw new AppError('SCHEDULE_IN_USE');
    await repo.removeSchedule(tx, id);
    await ctx.audit(tx, {
      action: 'work_schedule.delete',
      targetType: 'work_schedule',
      targetId: id,
      before: snapshot(current),
    });
  });
  await changed(ctx);
}

// ---- Assignments ----
const toAssignment = (a: repo.AssignmentRow) => ({
  uuid: a.id,
  userUuid: a.user_id,
  scheduleUuid: a.schedule_id,
  scheduleName: a.schedule_name,
  effectiveFrom: a.effective_from,
});

export async function listAssignments(ctx: TenantCtx, { userId }: { userId: string }) {
  const data = await ctx.run(async (tx) => {
    if (!(await repo.isMember(tx, ctx.companyId, userId))) throw new AppError('NOT_FOUND');
    return repo.assignmentsOf(tx, ctx.companyId, [userId], '2100-12-31');
  });
  return { data: data.map(toAssignment) };
}

/**
 * What an assignment's audit entry keeps: the schedule by name and the day, as the audit log shows
 * them (the person is the entry's target); the schedule's id under an `*Id` key, never shown raw.
 */
const assignmentFact = (scheduleId: string, schedule: string, effectiveFrom: string) => ({
  schedule,
  effectiveFrom,
  scheduleId,
});

/** A member follows a schedule from a date on; earlier days keep the schedule they had. */
export async function assign(ctx: TenantCtx, body: { userUuid: string; scheduleUuid: string; effectiveFrom: string }) {
  const a = await ctx.run(async (tx) => {
    if (!(await repo.isMember(tx, ctx.companyId, body.userUuid))) {
      throw new AppError('NOT_FOUND', [{ path: 'body.userUuid', code: 'invalid' }]);
    }
    const schedule = await repo.findSchedule(tx, ctx.companyId, body.scheduleUuid);
    if (!schedule) throw new AppError('NOT_FOUND', [{ path: 'body.scheduleUuid', code: 'invalid' }]);
    await leaveOutOfPendingBulk(tx, ctx.companyId, [body.userUuid]);
    const id = await repo.upsertAssignment(tx, ctx.companyId, {
      userId: body.userUuid,
      scheduleId: body.scheduleUuid,
      effectiveFrom: body.effectiveFrom,
    });
    await schedulesChanged(tx, ctx.companyId, body.effectiveFrom, [body.userUuid]);
    await ctx.audit(tx, {
      action: 'schedule_assignment.create',
      targetType: 'user',
      targetId: body.userUuid,
      after: assignmentFact(schedule.id, schedule.name, body.effectiveFrom),
    });
    return (await repo.findAssignment(tx, ctx.companyId, id))!;
  });
  await changed(ctx);
  return toAssignment(a);
}

export async function unassign(ctx: TenantCtx, id: string) {
  await ctx.run(async (tx) => {
    const a = await repo.findAssignment(tx, ctx.companyId, id);
    if (!a) throw new AppError('NOT_FOUND');
    await leaveOutOfPendingBulk(tx, ctx.companyId, [a.user_id]);
    await repo.removeAssignment(tx, id);
    await schedulesChanged(tx, ctx.companyId, a.effective_from, [a.user_id]);
    await ctx.audit(tx, {
      action: 'schedule_assignment.delete',
      targetType: 'user',
      targetId: a.user_id,
      before: assignmentFact(a.schedule_id, a.schedule_name, a.effective_from),
    });
  });
  await changed(ctx);
}
