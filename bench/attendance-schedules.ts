import type pg from 'pg';
import type { openDatabase } from '../apps/server/src/db/client';
import { createSchedule } from '../apps/server/src/db/seed/attendance-factories';
import type { TenantCtx } from '../apps/server/src/lib/context';
import { assignMany, listScheduleMembers } from '../apps/server/src/modules/attendance/schedule-members.service';
import { listSchedules } from '../apps/server/src/modules/attendance/schedules.service';
import { ms } from './lib/util';
import { zonedDate } from '@wac/shared/zoned-time';

type Figures = { rps: number; p50: number; p99: number };

/**
 * The work schedules' overview and bulk assignment (step `schedules` of bench/attendance.ts): 500 chosen
 * people assigned to a new schedule from today in one request (a department of 5,000 is refused), then
 * the list with its counts and pages of who follows which (a deep page of the default).
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
    await q(`SELECT id FROM departments WHERE company_id = $1 AND name = 'Department 3'`, [companyId])
  ).rows[0].id as string;
  const chosen = (
    await q(
      `SELECT m.user_id FROM memberships m LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
        WHERE m.company_id = $1 AND e.department_id IS DISTINCT FROM $2 ORDER BY m.user_id LIMIT 500`,
      [companyId, department],
    )
  ).rows.map((r) => r.user_id as string);
  const t0 = performance.now();
  const few = await assignMany(adminCtx, { scheduleUuid: early.id, effectiveFrom: today, userUuids: chosen });
  console.log(`  bulk: ${few.assigned} chosen people in one request: ${ms(performance.now() - t0)}`);
  // A department of 5,000 is refused (more than 500 would hold the company's aggregate rows for minutes).
  const refused = await assignMany(adminCtx, {
    scheduleUuid: early.id,
    effectiveFrom: today,
    departmentUuid: department,
  })
    .then(() => 'assigned')
    .catch((e: { code?: string }) => e.code ?? String(e));
  console.log(`  bulk: a department of 5,000: ${refused}`);
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
