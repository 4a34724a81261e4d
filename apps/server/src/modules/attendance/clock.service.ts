import { companyChannel, userChannel } from '@wac/shared/realtime';
import { zonedDate } from '@wac/shared/zoned-time';
import type { TenantCtx } from '../../lib/context';
import { actingUser } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/sql';
import * as calendarRepo from './calendar.repository';
import * as repo from './entries.repository';

export const toEntry = (r: repo.ShownEntryRow) => ({
  uuid: r.id,
  userUuid: r.user_id,
  workDate: r.work_date,
  clockIn: iso(r.clock_in)!,
  clockOut: iso(r.clock_out),
  recordedIn: iso(r.recorded_in),
  recordedOut: iso(r.recorded_out),
  status: r.status,
  source: r.source,
  version: r.version,
});

/** Seconds of the entries up to `now` (an open one counts until now). */
export const workedSeconds = (entries: repo.ShownEntryRow[], now: Date) =>
  entries.reduce((s, e) => {
    const end = e.clock_out ? new Date(e.clock_out) : now;
    return s + Math.max(0, Math.floor((end.getTime() - new Date(e.clock_in).getTime()) / 1000));
  }, 0);

/** The other tabs of the person follow, and the day board of the company. */
async function announce(ctx: TenantCtx, userId: string) {
  await ctx.publish(userChannel(userId), { type: 'listing_changed', resource: 'attendance-me' });
  await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'attendance' });
}

async function member(ctx: TenantCtx, tx: Parameters<Parameters<TenantCtx['run']>[0]>[0]) {
  const userId = actingUser(ctx);
  if (!(await repo.isActiveMember(tx, ctx.companyId, userId))) throw new AppError('FORBIDDEN');
  return userId;
}

/** The signed-in member's company day: entries, the open one and the time worked so far. */
export async function myDay(ctx: TenantCtx) {
  return ctx.run(async (tx) => {
    const userId = await member(ctx, tx);
    const settings = (await calendarRepo.settings(tx, ctx.companyId))!;
    const now = await repo.now(tx);
    const date = zonedDate(now, settings.time_zone);
    const open = await repo.open(tx, ctx.companyId, userId);
    const entries = await repo.ofDays(tx, ctx.companyId, userId, date, date);
    // A shift that started yesterday and is still open belongs to yesterday but is running now.
    const running = open && !entries.some((e) => e.id === open.id) ? [...entries, open] : entries;
    return {
      date,
      timeZone: settings.time_zone,
      serverTime: now.toISOString(),
      open: open ? toEntry(open) : null,
      entries: entries.map(toEntry),
      workedSeconds: workedSeconds(running, now),
    };
  });
}

export interface ClockInput {
  idempotencyKey: string;
  source: 'web' | 'api';
}

/**
 * Clocks the member in at the server's clock. The same key answers the entry it made first (a
 * retry, a double click); a second open entry is refused by a unique index, not only by this check.
 */
export async function clockIn(ctx: TenantCtx, input: ClockInput) {
  const entry = await ctx.run(async (tx) => {
    const userId = actingUser(ctx);
    const made = await repo.clockIn(tx, ctx.companyId, {
      userId,
      source: input.source,
      ip: ctx.actor.ip,
      userAgent: ctx.actor.userAgent?.slice(0, 300) ?? null,
      key: input.idempotencyKey,
    });
    if (!made) {
      await member(ctx, tx);
      const same = await repo.byKey(tx, ctx.companyId, userId, input.idempotencyKey);
      if (same) return { entry: same, replay: true };
      throw new AppError('ALREADY_CLOCKED_IN');
    }
    await ctx.audit(tx, {
      action: 'attendance.clock_in',
      targetType: 'attendance_entry',
      targetId: made.id,
      after: { clockIn: iso(made.clock_in), workDate: made.work_date, source: made.source },
    });
    return { entry: made, replay: false };
  });
  if (!entry.replay) await announce(ctx, entry.entry.user_id);
  return toEntry(entry.entry);
}

export async function clockOut(ctx: TenantCtx, input: ClockInput) {
  const entry = await ctx.run(async (tx) => {
    const userId = await member(ctx, tx);
    const same = await repo.byKey(tx, ctx.companyId, userId, input.idempotencyKey);
    if (same?.close_key === input.idempotencyKey) return { entry: same, replay: true };
    const open = await repo.open(tx, ctx.companyId, userId, true);
    if (!open) throw new AppError('NOT_CLOCKED_IN');
    const closed = await repo.close(tx, open.id, { key: input.idempotencyKey, status: 'closed' });
    if (!closed) throw new AppError('NOT_CLOCKED_IN');
    await ctx.audit(tx, {
      action: 'attendance.clock_out',
      targetType: 'attendance_entry',
      targetId: closed.id,
      before: { clockOut: null },
      after: { clockOut: iso(closed.clock_out), source: input.source },
    });
    return { entry: closed, replay: false };
  });
  if (!entry.replay) await announce(ctx, entry.entry.user_id);
  return toEntry(entry.entry);
}
