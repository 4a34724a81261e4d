import { companyChannel } from '@wac/shared/realtime';
import { BULK_ASSIGN_MAX } from '@wac/shared/schemas/attendance';
import { zonedDate } from '@wac/shared/zoned-time';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { departmentExists, teamExists } from './board.repository';
import * as calendarRepo from './calendar.repository';
import * as repo from './schedule-members.repository';

/** The company's day now, in its time zone: whose schedule a person follows "today". */
export async function companyToday(tx: Tx, companyId: string) {
  const s = await calendarRepo.settings(tx, companyId);
  return zonedDate(new Date(), s?.time_zone ?? 'UTC');
}

export const scheduleCounts = repo.scheduleCounts;

/**
 * Enabled members following `s` today: those assigned to it; for the default, also everyone whose
 * latest assignment is none (the company's enabled members less those assigned to another schedule).
 */
export function membersOf(
  s: { id: string; is_default: boolean },
  all: Array<{ id: string; is_default: boolean }>,
  counts: Awaited<ReturnType<typeof repo.scheduleCounts>>,
) {
  if (!s.is_default) return counts.assigned.get(s.id) ?? 0;
  const elsewhere = all.filter((x) => !x.is_default).reduce((n, x) => n + (counts.assigned.get(x.id) ?? 0), 0);
  return Math.max(0, counts.total - elsewhere);
}

/** The enabled members who follow a schedule on the company's today, a page in name order. */
export async function listScheduleMembers(
  ctx: TenantCtx,
  { id, page, itemsPerPage }: { id: string; page: number; itemsPerPage: number },
) {
  return ctx.run(async (tx) => {
    const all = await calendarRepo.listSchedules(tx, ctx.companyId);
    const s = all.find((x) => x.id === id);
    if (!s) throw new AppError('NOT_FOUND');
    const day = await companyToday(tx, ctx.companyId);
    const counts = await repo.scheduleCounts(tx, ctx.companyId, day);
    const q = { page, itemsPerPage };
    const rows = s.is_default
      ? await repo.defaultMembers(tx, ctx.companyId, s.id, day, q)
      : await repo.assignedMembers(tx, ctx.companyId, s.id, day, q);
    return {
      data: rows.map((r) => ({
        userUuid: r.user_id,
        name: `${r.first_name} ${r.last_name}`.trim(),
        email: r.email,
        since: r.since,
      })),
      page,
      itemsPerPage,
      totalItems: membersOf(s, all, counts),
    };
  });
}

/**
 * One schedule from a date on for many people at once, in one transaction: chosen members (all must
 * be members of the company), or everyone in a team or a department. One audit entry names the
 * schedule, the source and how many people it reached.
 */
export async function assignMany(
  ctx: TenantCtx,
  body: {
    scheduleUuid: string;
    effectiveFrom: string;
    userUuids?: string[];
    teamUuid?: string;
    departmentUuid?: string;
  },
) {
  const source: repo.BulkSource = body.userUuids
    ? { userIds: [...new Set(body.userUuids)] }
    : body.teamUuid
      ? { teamId: body.teamUuid }
      : { departmentId: body.departmentUuid! };
  // Each person written is re-derived by the aggregates' triggers: the bulk time limit per statement.
  const assigned = await ctx.runBulk(async (tx) => {
    const schedule = await calendarRepo.findSchedule(tx, ctx.companyId, body.scheduleUuid);
    if (!schedule) throw new AppError('NOT_FOUND', [{ path: 'body.scheduleUuid', code: 'invalid' }]);
    if ('userIds' in source && (await repo.membersAmong(tx, ctx.companyId, source.userIds)) !== source.userIds.length) {
      throw new AppError('SCHEDULE_PEOPLE_NOT_MEMBERS', [{ path: 'body.userUuids', code: 'invalid' }]);
    }
    if ('teamId' in source && !(await teamExists(tx, ctx.companyId, source.teamId))) {
      throw new AppError('NOT_FOUND', [{ path: 'body.teamUuid', code: 'invalid' }]);
    }
    if ('departmentId' in source && !(await departmentExists(tx, ctx.companyId, source.departmentId))) {
      throw new AppError('NOT_FOUND', [{ path: 'body.departmentUuid', code: 'invalid' }]);
    }
    // Each person written is re-derived by the aggregates' triggers while the company's aggregate rows
    // stay locked until the commit: a larger group would hold everyone's clock-ins for minutes.
    if (
      !('userIds' in source) &&
      (await repo.sourceSize(tx, ctx.companyId, source, BULK_ASSIGN_MAX)) > BULK_ASSIGN_MAX
    ) {
      const path = 'teamId' in source ? 'body.teamUuid' : 'body.departmentUuid';
      throw new AppError('SCHEDULE_BULK_TOO_MANY', [{ path, code: 'invalid' }]);
    }
    const n = await repo.assignMany(tx, ctx.companyId, {
      source,
      scheduleId: body.scheduleUuid,
      effectiveFrom: body.effectiveFrom,
    });
    await ctx.audit(tx, {
      action: 'schedule_assignment.bulk',
      targetType: 'work_schedule',
      targetId: body.scheduleUuid,
      // Ids under *Id(s) keys: the audit log names what they point at and never shows them raw.
      after: {
        schedule: schedule.name,
        effectiveFrom: body.effectiveFrom,
        people: n,
        ...('userIds' in source ? { userIds: source.userIds } : {}),
        ...('teamId' in source ? { teamId: source.teamId } : {}),
        ...('departmentId' in source ? { departmentId: source.departmentId } : {}),
      },
    });
    return n;
  });
  await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'work-schedules' });
  return { assigned };
}
