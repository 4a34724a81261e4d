import type pg from 'pg';
import type { openDatabase } from '../apps/server/src/db/client';
import { createSchedule } from '../apps/server/src/db/seed/attendance-factories';
import { createCtx, type TenantCtx } from '../apps/server/src/lib/context';
import { createJobRunner } from '../apps/server/src/lib/jobs/runner';
import { clockIn, clockOut } from '../apps/server/src/modules/attendance/clock.service';
import {
  assignMany,
  bulkProgress,
  listScheduleMembers,
  runScheduleAssignJob,
  SCHEDULE_ASSIGN_JOB,
  type ScheduleAssignJob,
} from '../apps/server/src/modules/attendance/schedule-members.service';
import { listSchedules } from '../apps/server/src/modules/attendance/schedules.service';
import { ms } from './lib/util';
import { zonedDate } from '@wac/shared/zoned-time';

type Figures = { rps: number; p50: number; p99: number };

/**
 * The work schedules' overview and bulk assignment (step `schedules` of bench/attendance.ts): 50 chosen
 * people assigned to a new schedule from today in the request itself (the most it writes); the largest department (5,000 at
 * 100,000 members) assigned in the background by a job runner as the server runs it, with clock-ins of
 * other people measured one after another meanwhile; then the list with its counts and pages of who
 * follows which (a deep page of the default).
 */
export async function measureSchedules(
  {
    db,
    q,
    adminCtx,
    companyId,
  }: {
    db: Awaited<ReturnType<typeof openDatabase>>;
    q: (text: string, params?: unknown[]) => Promise<pg.QueryResult>;
    adminCtx: TenantCtx;
    companyId: string;
  },
  load: (fn: (i: number) => Promise<unknown>) => Promise<Figures>,
  row: (label: string, r: Figures) => void,
) {
  const zone = (await q('SELECT time_zone FROM companies WHERE id = $1', [companyId])).rows[0].time_zone as string;
  const today = zonedDate(new Date(), zone);
  const early = await db.system((tx) => createSchedule(tx, companyId, { name: `Early ${Date.now()}` }));
  const department = (
    await q(
      `SELECT department_id FROM employees WHERE company_id = $1 AND department_id IS NOT NULL
        GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      [companyId],
    )
  ).rows[0].department_id as string;
  const chosen = (
    await q(
      `SELECT m.user_id FROM memberships m LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
        WHERE m.company_id = $1 AND e.department_id IS DISTINCT FROM $2 ORDER BY m.user_id LIMIT 50`,
      [companyId, department],
    )
  ).rows.map((r) => r.user_id as string);
  const t0 = performance.now();
  const few = await assignMany(adminCtx, { scheduleUuid: early.id, effectiveFrom: today, userUuids: chosen });
  console.log(`  bulk: ${few.assigned} chosen people in one request: ${ms(performance.now() - t0)}`);

  // The largest department, in the background: the request, then the runner's parts until done.
  const runner = createJobRunner({ db, pollMs: 100, onError: (e, where) => console.error(where, e) });
  runner.register<ScheduleAssignJob['payload'], Record<string, unknown>>({
    type: SCHEDULE_ASSIGN_JOB,
    run: (job) => runScheduleAssignJob(adminCtx.infra, job, () => runner.wake()),
  });
  const late = await db.system((tx) => createSchedule(tx, companyId, { name: `Late ${Date.now()}` }));
  // People outside the department with nothing open today clock in (and out) one after another meanwhile.
  const others = (
    await q(
      `SELECT m.user_id FROM memberships m LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
        WHERE m.company_id = $1 AND e.department_id IS DISTINCT FROM $2
          AND NOT EXISTS (SELECT 1 FROM attendance_entries a WHERE a.company_id = $1 AND a.user_id = m.user_id AND a.status = 'open')
        ORDER BY m.user_id DESC LIMIT 2000`,
      [companyId, department],
    )
  ).rows.map((r) => r.user_id as string);
  const t1 = performance.now();
  const queued = await assignMany(adminCtx, {
    scheduleUuid: late.id,
    effectiveFrom: today,
    departmentUuid: department,
  });
  const asked = performance.now() - t1;
  runner.start();
  const clocks: number[] = [];
  let progress = await bulkProgress(adminCtx, queued.batchId!);
  for (let i = 0; !progress.done && i < others.length; i++) {
    const person = createCtx(adminCtx.infra, {
      actor: { userId: others[i]!, ip: '127.0.0.1' },
      companyId,
    }) as TenantCtx;
    const s0 = performance.now();
    await clockIn(person, { idempotencyKey: `bench-bulk-${late.id}-${i}`, source: 'api' }).catch(() => null);
    clocks.push(performance.now() - s0);
    await clockOut(person, { idempotencyKey: `bench-bulk-out-${late.id}-${i}`, source: 'api' }).catch(() => null);
    if (i % 5 === 0) progress = await bulkProgress(adminCtx, queued.batchId!);
  }
  while (!progress.done) {
    await new Promise((r) => setTimeout(r, 200));
    progress = await bulkProgress(adminCtx, queued.batchId!);
  }
  const took = performance.now() - t1;
  await runner.stop();
  const sorted = [...clocks].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  console.log(
    `  bulk: a department of ${queued.queued} in the background: request ${ms(asked)}, all ${progress.assigned} assigned in ${ms(took)} ` +
      `(${((1000 * progress.assigned) / took).toFixed(0)} people/s, ${progress.failed} failed); ` +
      `${clocks.length} clock-ins meanwhile, one at a time: p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${at(100).toFixed(1)} ms`,
  );
  const list = await listSchedules(adminCtx);
  console.log(`  followers today: ${list.data.map((s) => `${s.name} ${s.members}`).join(', ')}`);
  const office = list.data.find((s) => s.isDefault)!.uuid;
  row('schedules with their followers today', await load(() => listSchedules(adminCtx)));
  row(
    'people on an assigned schedule, page 1 of 20',
    await load(() => listScheduleMembers(adminCtx, { id: early.id, page: 1, itemsPerPage: 20 })),
  );
  row(
    'people on the default, page 1 of 20',
    await load(() => listScheduleMembers(adminCtx, { id: office, page: 1, itemsPerPage: 20 })),
  );
  row(
    'people on the default, page 200 of 20',
    await load(() => listScheduleMembers(adminCtx, { id: office, page: 200, itemsPerPage: 20 })),
  );
}
