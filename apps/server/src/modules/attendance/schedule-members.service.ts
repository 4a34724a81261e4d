import { randomUUID } from 'node:crypto';
import { companyChannel } from '@wac/shared/realtime';
import {
  BULK_ASSIGN_AT_ONCE,
  type ScheduleAssignmentBulkProgress,
  type ScheduleAssignmentBulkResult,
} from '@wac/shared/schemas/attendance';
import { zonedDate } from '@wac/shared/zoned-time';
import type { Tx } from '../../db/client';
import { createCtx, forCompany, type Infra, type TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { lockUntilCommit } from '../../lib/sql';
import {
  batchProgress,
  enqueue,
  enqueueMany,
  heldUntil,
  payloadNow,
  releaseJob,
  underway,
  withdrawFromPending,
} from '../../lib/jobs/queue';
import type { RunningJob } from '../../lib/jobs/types';
import { departmentExists, teamExists } from './board.repository';
import * as calendarRepo from './calendar.repository';
import * as repo from './schedule-members.repository';

/**
 * A job (in the transaction that changed whose schedule is what): time off from `from` on is counted
 * again for those people, or everyone (`userIds` null: a schedule's hours or the default changed;
 * modules/time-off/recount.service.ts). The attendance module names the job; time off runs it.
 */
export const SCHEDULES_CHANGED_JOB = 'calendar.schedules-changed';
export interface SchedulesChangedPayload {
  from: string;
  userIds: string[] | null;
}
export const schedulesChanged = (tx: Tx, companyId: string, from: string, userIds: string[] | null) =>
  userIds?.length === 0
    ? Promise.resolve()
    : enqueue(tx, {
        type: SCHEDULES_CHANGED_JOB,
        companyId,
        payload: { from, userIds: userIds ? [...new Set(userIds)] : null } satisfies SchedulesChangedPayload,
      });

/** The company's day now, in its time zone: whose schedule a person follows "today". */
export async function companyToday(tx: Tx, companyId: string) {
  const s = await calendarRepo.settings(tx, companyId);
  return zonedDate(new Date(), s?.time_zone ?? 'UTC');
}

export const scheduleCounts = repo.scheduleCounts;

/**
 * Enabled members following `s` today: those assigned to it; for the default, also everyone whose
 * latest assignment is none (the company's enabled members less those assigned to another schedule
 * and those outside their employment that day).
 */
export function membersOf(
  s: { id: string; is_default: boolean },
  all: Array<{ id: string; is_default: boolean }>,
  counts: Awaited<ReturnType<typeof repo.scheduleCounts>>,
) {
  if (!s.is_default) return counts.assigned.get(s.id) ?? 0;
  const elsewhere = all.filter((x) => !x.is_default).reduce((n, x) => n + (counts.assigned.get(x.id) ?? 0), 0);
  return Math.max(0, counts.total - elsewhere - counts.notEmployed);
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

/** The job that writes one part of a background bulk assignment. */
export const SCHEDULE_ASSIGN_JOB = 'attendance.assign_schedule';
/**
 * People one background job writes: each is re-derived by the aggregates' triggers (10–20 ms a
 * person at 100,000 members) while the company's aggregate rows stay locked until its commit, so a
 * part holds other people's clock-ins for up to a second, between parts not at all. The same as
 * what a request writes itself (BULK_ASSIGN_AT_ONCE).
 */
export const BULK_JOB_PEOPLE = BULK_ASSIGN_AT_ONCE;

export interface ScheduleAssignJob {
  /** `next`: the key of the part this one releases once written (the parts run one at a time). */
  payload: { scheduleId: string; effectiveFrom: string; userIds: string[]; units: number; next: string | null };
}

/**
 * One schedule from a date on for many people at once: chosen members (all must be members of the
 * company), or everyone in a team or a department. Up to BULK_ASSIGN_AT_ONCE people are written in
 * this request's transaction; more are written in the background, in durable jobs of BULK_JOB_PEOPLE
 * people under one batch run one after another (its progress: `bulkProgress`), so a department of
 * thousands neither runs past a request's time nor holds the company's clock-ins for more than a
 * part (500 people in one transaction held them 3.5 s at 10,000 members, 6–10 s at 100,000). One
 * audit entry names the schedule, the source and how many people it reached.
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
): Promise<ScheduleAssignmentBulkResult> {
  const source: repo.BulkSource = body.userUuids
    ? { userIds: [...new Set(body.userUuids)] }
    : body.teamUuid
      ? { teamId: body.teamUuid }
      : { departmentId: body.departmentUuid! };
  // Each person written is re-derived by the aggregates' triggers: the bulk time limit per statement.
  const result = await ctx.runBulk(async (tx): Promise<ScheduleAssignmentBulkResult> => {
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
    // Ids under *Id(s) keys: the audit log names what they point at and never shows them raw.
    const audited = (people: number, background: boolean) =>
      ctx.audit(tx, {
        action: 'schedule_assignment.bulk',
        targetType: 'work_schedule',
        targetId: body.scheduleUuid,
        after: {
          schedule: schedule.name,
          effectiveFrom: body.effectiveFrom,
          people,
          ...(background ? { background: true } : {}),
          ...('userIds' in source ? { userIds: source.userIds } : {}),
          ...('teamId' in source ? { teamId: source.teamId } : {}),
          ...('departmentId' in source ? { departmentId: source.departmentId } : {}),
        },
      });
    const large =
      'userIds' in source
        ? source.userIds.length > BULK_ASSIGN_AT_ONCE
        : (await repo.sourceSize(tx, ctx.companyId, source, BULK_ASSIGN_AT_ONCE)) > BULK_ASSIGN_AT_ONCE;
    if (large) {
      // One background assignment a company at a time: a second would interleave its parts with the
      // first's (the later request's schedule could lose to the earlier one for the same person and
      // day), and repeated requests would each queue a company's worth of jobs.
      await lockUntilCommit(tx, 'schedule-bulk', ctx.companyId);
      if (await underway(tx, ctx.companyId, SCHEDULE_ASSIGN_JOB)) {
        const path =
          'userIds' in source ? 'body.userUuids' : 'teamId' in source ? 'body.teamUuid' : 'body.departmentUuid';
        throw new AppError('SCHEDULE_BULK_RUNNING', [{ path, code: 'invalid' }]);
      }
      // The people as they are now, in parts: someone who joins the team afterwards is not included,
      // someone who leaves the company meanwhile is skipped by their part.
      // The parts run one after another: the first is due now, each other is held until the part
      // before it releases it. Parts at once queued on the same aggregate rows behind each other, and
      // a clock-in behind all of them (bench/RESULTS.md: p99 858 ms against 24.5 ms one at a time).
      const ids = 'userIds' in source ? [...source.userIds].sort() : await repo.sourceIds(tx, ctx.companyId, source);
      const batchId = randomUUID();
      const keyOf = (part: number) => `${SCHEDULE_ASSIGN_JOB}:${batchId}:${part}`;
      const parts = Math.ceil(ids.length / BULK_JOB_PEOPLE);
      const held = heldUntil();
      const jobs = Array.from({ length: parts }, (_, part) => {
        const userIds = ids.slice(part * BULK_JOB_PEOPLE, (part + 1) * BULK_JOB_PEOPLE);
        return {
          type: SCHEDULE_ASSIGN_JOB,
          companyId: ctx.companyId,
          batchId,
          key: keyOf(part),
          ...(part > 0 ? { runAt: held } : {}),
          payload: {
            scheduleId: body.scheduleUuid,
            effectiveFrom: body.effectiveFrom,
            userIds,
            units: userIds.length,
            next: part + 1 < parts ? keyOf(part + 1) : null,
          } satisfies ScheduleAssignJob['payload'],
        };
      });
      await enqueueMany(tx, jobs);
      await audited(ids.length, true);
      return { assigned: 0, queued: ids.length, batchId };
    }
    // Written now, after a background batch still under way: theirs is the later choice.
    const people = 'userIds' in source ? source.userIds : await repo.sourceIds(tx, ctx.companyId, source);
    await leaveOutOfPendingBulk(tx, ctx.companyId, people);
    const n = await repo.assignMany(tx, ctx.companyId, {
      source,
      scheduleId: body.scheduleUuid,
      effectiveFrom: body.effectiveFrom,
    });
    await schedulesChanged(tx, ctx.companyId, body.effectiveFrom, people);
    await audited(n, false);
    return { assigned: n };
  });
  if (!result.batchId)
    await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'work-schedules' });
  return result;
}

/**
 * One part of a background bulk assignment, written in the runner's finishing transaction (so once,
 * however often the job is delivered), which also releases the next part. A schedule removed
 * meanwhile leaves nothing to write. `wake`: the runner looks for the released part at once. The
 * consoles are told once the last part is written.
 */
export async function runScheduleAssignJob(
  infra: Infra,
  job: RunningJob<ScheduleAssignJob['payload']>,
  wake: () => void = () => {},
) {
  if (!job.companyId) return;
  const companyId = job.companyId;
  const { scheduleId, effectiveFrom, next } = job.payload;
  await job.finish(async (tx) => {
    // The people as the part's row says now (after it was marked done, so after any person's own
    // assignment that took them out of it: `leaveOutOfPendingBulk`), not as it was claimed.
    const userIds = (await payloadNow<ScheduleAssignJob['payload']>(tx, job.id))?.userIds ?? [];
    if (userIds.length > 0 && (await calendarRepo.findSchedule(tx, companyId, scheduleId))) {
      await repo.assignMany(tx, companyId, { source: { userIds }, scheduleId, effectiveFrom });
      await schedulesChanged(tx, companyId, effectiveFrom, userIds);
    }
    if (next) await releaseJob(tx, next);
  });
  if (next) wake();
  else {
    const ctx = forCompany(createCtx(infra), companyId);
    await ctx.publish(companyChannel(companyId), { type: 'listing_changed', resource: 'work-schedules' });
  }
}

/**
 * Before people's assignments are made or removed outside a background batch (one person's, or a
 * bulk assignment small enough to be written at once): takes them out of the background bulk
 * assignment's parts still to be written, so that the later decision stands (a part written
 * afterwards would put the batch's schedule back). A part already writing is waited for.
 */
export async function leaveOutOfPendingBulk(tx: Tx, companyId: string, userIds: string[]) {
  await withdrawFromPending(tx, companyId, SCHEDULE_ASSIGN_JOB, 'userIds', userIds);
}

/**
 * A background bulk assignment's people, counted from its jobs: written (done), failed (dead after
 * their retries) and pending. Another company's batch, an import's, or none is NOT_FOUND.
 */
export async function bulkProgress(ctx: TenantCtx, batchId: string): Promise<ScheduleAssignmentBulkProgress> {
  const states = await ctx.run((tx) => batchProgress(tx, batchId, SCHEDULE_ASSIGN_JOB));
  const sum = (f: (c: (typeof states)[number]) => boolean) => states.filter(f).reduce((n, c) => n + c.units, 0);
  const total = sum(() => true);
  if (total === 0) throw new AppError('NOT_FOUND');
  const assigned = sum((c) => c.state === 'done');
  // A part that gave up releases nobody: the parts held behind it will not run either (until the
  // dead part is retried from the jobs screen, which releases them in turn).
  const dead = sum((c) => c.state === 'dead');
  const failed = dead > 0 ? dead + sum((c) => c.held) : 0;
  return { batchId, total, assigned, failed, pending: total - assigned - failed, done: assigned + failed === total };
}
