import { companyChannel, userChannel } from '@wac/shared/realtime';
import { dayBounds } from '@wac/shared/zoned-time';
import type { Tx } from '../../db/client';
import { createCtx, forCompany, type Infra, type TenantCtx } from '../../lib/context';
import type { RunningJob } from '../../lib/jobs/runner';
import { iso } from '../../lib/sql';
import { plannedDay } from './calendar';
import { loadCalendarInTx } from './calendar.service';
import * as calendarRepo from './calendar.repository';
import * as entries from './entries.repository';

export const AUTO_CLOSE_JOB = 'attendance.auto_close';
/**
 * Once a day per company at 03:30 in its own zone. The runner's key (type, company, occurrence)
 * makes one job per company and day across processes; closing only entries still open, in the
 * job's own finishing transaction, closes each entry once however often the job is delivered.
 */
export const AUTO_CLOSE_CRON = '30 3 * * *';

/**
 * Closes entries left open past the end of the person's scheduled day plus the company's margin
 * (a day off or a holiday ends at the company's midnight): at that scheduled end, as `auto_closed`,
 * awaiting review. Runs in the caller's transaction; returns what it closed.
 */
export async function autoCloseInTx(ctx: TenantCtx, tx: Tx) {
  const settings = await calendarRepo.settings(tx, ctx.companyId);
  if (!settings) return [];
  const open = await entries.allOpen(tx, ctx.companyId);
  if (open.length === 0) return [];
  const now = await entries.now(tx);
  const dates = open.map((e) => e.work_date).sort();
  const cal = await loadCalendarInTx(
    tx,
    ctx.companyId,
    [...new Set(open.map((e) => e.user_id))],
    dates[0]!,
    dates[dates.length - 1]!,
  );
  const closed: entries.EntryRow[] = [];
  for (const e of open) {
    const clockIn = new Date(e.clock_in);
    const planned = plannedDay(cal, e.user_id, e.work_date).end;
    const end = planned && planned > clockIn ? planned : dayBounds(e.work_date, settings.time_zone).end;
    if (now.getTime() < end.getTime() + settings.auto_close_margin_minutes * 60_000) continue;
    const done = await entries.close(tx, e.id, { key: null, status: 'auto_closed', at: end });
    if (!done) continue;
    await ctx.audit(tx, {
      action: 'attendance.auto_close',
      targetType: 'attendance_entry',
      targetId: e.id,
      before: { clockOut: null, status: 'open' },
      after: { clockOut: iso(done.clock_out), status: 'auto_closed' },
    });
    closed.push(done);
  }
  return closed;
}

/** The job: closes in the runner's finishing transaction, then tells each person and the company's boards. */
export async function runAutoCloseJob(infra: Infra, job: RunningJob) {
  if (!job.companyId) return;
  const ctx = forCompany(createCtx(infra), job.companyId);
  let closed: entries.EntryRow[] = [];
  await job.finish(async (tx) => {
    closed = await autoCloseInTx(ctx, tx);
  });
  for (const e of closed) {
    await ctx.publish(userChannel(e.user_id), {
      type: 'attendance_auto_closed',
      entryUuid: e.id,
      workDate: e.work_date,
    });
  }
  if (closed.length)
    await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'attendance' });
}
