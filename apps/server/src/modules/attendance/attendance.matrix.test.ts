import { addDays } from '@wac/shared/zoned-time';
import { createHoliday, createSchedule, weekdays } from '../../db/seed/attendance-factories';
import { type Cell, type MatrixRoute, nobody } from '../../test/matrix';
import { isUnder } from '../../test/matrix-areas';
import { describeMatrix } from '../../test/matrix-suite';

/**
 * Attendance routes in the authorization matrix (see test/matrix.ts). The company calendar,
 * the day board, timesheets of others and corrections are for the company's admins (subject
 * `attendance`), on their own company's host only; clocking is every active member's self-service.
 */
const adminOnly = (ok: number): MatrixRoute['expect'] => ({
  signedOut: [401, 401],
  member: [403, 403],
  admin: [ok, 403],
  disabledMember: [403, 403],
  nonMember: [403, 403],
  superAdmin: [403, 403],
  superAdminWrite: [403, 403],
});

/** Clocking: an active member of the Host's company, admin or not. */
const selfService = (ok: number): MatrixRoute['expect'] => ({ ...adminOnly(ok), member: [ok, 403] });

/** A date no other cell uses, so each cell's write is its own. */
const dateOf = (c: Cell) => addDays('2030-01-01', c.n);

const holiday = async (c: Cell) => {
  const date = dateOf(c);
  await c.app.db.system((tx) => createHoliday(tx, c.world.companies.own.id, date, `Matrix ${c.n}`));
  const [row] = await c.app.db.system((tx) =>
    tx.query.holidays.findMany({
      where: (h, { and, eq }) => and(eq(h.companyId, c.world.companies.own.id), eq(h.date, date)),
    }),
  );
  return row!.id;
};

const schedule = async (c: Cell) =>
  (await c.app.db.system((tx) => createSchedule(tx, c.world.companies.own.id, { name: `Matrix ${c.n}` }))).id;

const attendanceMatrix: MatrixRoute[] = [
  { route: 'GET /api/attendance/me', request: () => ({ url: '/api/attendance/me' }), expect: selfService(200) },
  {
    route: 'POST /api/attendance/me/clock-in',
    request: (c) => ({ url: '/api/attendance/me/clock-in', payload: { idempotencyKey: `matrix-in-${c.n}` } }),
    expect: selfService(200),
  },
  {
    route: 'POST /api/attendance/me/clock-out',
    variant: 'after the clock-in above',
    request: (c) => ({ url: '/api/attendance/me/clock-out', payload: { idempotencyKey: `matrix-out-${c.n}` } }),
    expect: selfService(200),
  },
  { route: 'GET /api/attendance/board', request: () => ({ url: '/api/attendance/board' }), expect: adminOnly(200) },
  {
    route: 'GET /api/attendance/settings',
    request: () => ({ url: '/api/attendance/settings' }),
    expect: adminOnly(200),
  },
  {
    route: 'PATCH /api/attendance/settings',
    request: () => ({ url: '/api/attendance/settings', payload: { version: 999, weekStart: 1 } }),
    expect: adminOnly(409),
  },
  {
    route: 'GET /api/attendance/holidays',
    request: () => ({ url: '/api/attendance/holidays' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/attendance/holidays',
    request: (c) => ({ url: '/api/attendance/holidays', payload: { date: dateOf(c), name: 'Matrix' } }),
    expect: adminOnly(201),
  },
  {
    route: 'PATCH /api/attendance/holidays/{uuid}',
    request: async (c) => ({
      url: `/api/attendance/holidays/${await holiday(c)}`,
      payload: { name: `Renamed ${c.n}` },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/attendance/holidays/import',
    request: (c) => ({
      url: '/api/attendance/holidays/import',
      payload: { holidays: [{ date: addDays('2032-01-01', c.n), name: 'Imported' }] },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/attendance/holidays/{uuid}',
    request: async (c) => ({ url: `/api/attendance/holidays/${await holiday(c)}` }),
    expect: adminOnly(204),
  },
  {
    route: 'GET /api/attendance/schedules',
    request: () => ({ url: '/api/attendance/schedules' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/attendance/schedules',
    request: (c) => ({ url: '/api/attendance/schedules', payload: { name: `Made ${c.n}`, days: weekdays() } }),
    expect: adminOnly(201),
  },
  {
    route: 'GET /api/attendance/schedules/{uuid}',
    request: async (c) => ({ url: `/api/attendance/schedules/${await schedule(c)}` }),
    expect: adminOnly(200),
  },
  {
    route: 'PATCH /api/attendance/schedules/{uuid}',
    request: async (c) => ({
      url: `/api/attendance/schedules/${await schedule(c)}`,
      payload: { version: 1, graceMinutes: 5 },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/attendance/schedules/{uuid}',
    request: async (c) => ({ url: `/api/attendance/schedules/${await schedule(c)}` }),
    expect: adminOnly(204),
  },
  {
    route: 'GET /api/attendance/assignments',
    request: (c) => ({ url: `/api/attendance/assignments?userUuid=${c.world.users.bystander.id}` }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/attendance/assignments',
    request: async (c) => ({
      url: '/api/attendance/assignments',
      payload: { userUuid: c.world.users.bystander.id, scheduleUuid: await schedule(c), effectiveFrom: dateOf(c) },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'POST /api/attendance/assignments/bulk',
    request: async (c) => ({
      url: '/api/attendance/assignments/bulk',
      payload: { userUuids: [c.world.users.bystander.id], scheduleUuid: await schedule(c), effectiveFrom: dateOf(c) },
    }),
    expect: adminOnly(200),
  },
  {
    // An unknown batch: the admin's answer is the same 404 as for another company's batch.
    route: 'GET /api/attendance/assignments/bulk/{uuid}',
    request: () => ({ url: `/api/attendance/assignments/bulk/${nobody()}` }),
    expect: adminOnly(404),
  },
  {
    route: 'GET /api/attendance/schedules/{uuid}/members',
    request: async (c) => ({ url: `/api/attendance/schedules/${await schedule(c)}/members` }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/attendance/assignments/{uuid}',
    request: () => ({ url: `/api/attendance/assignments/${nobody()}` }),
    expect: adminOnly(404),
  },
  {
    route: 'GET /api/attendance/working-days',
    request: (c) => ({
      url: `/api/attendance/working-days?userUuid=${c.world.users.bystander.id}&from=2026-11-01&to=2026-11-30`,
    }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/attendance/me/corrections',
    request: () => ({ url: '/api/attendance/me/corrections' }),
    expect: selfService(200),
  },
  {
    route: 'POST /api/attendance/me/corrections',
    request: (c) => ({
      url: '/api/attendance/me/corrections',
      payload: {
        kind: 'add',
        clockIn: `${addDays('2025-01-01', c.n)}T09:00:00Z`,
        clockOut: `${addDays('2025-01-01', c.n)}T10:00:00Z`,
        reason: 'Matrix',
      },
    }),
    expect: selfService(201),
  },
  {
    route: 'GET /api/attendance/corrections',
    request: () => ({ url: '/api/attendance/corrections' }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/attendance/corrections/pending-count',
    request: () => ({ url: '/api/attendance/corrections/pending-count' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/attendance/corrections',
    request: (c) => ({
      url: '/api/attendance/corrections',
      payload: {
        userUuid: c.world.users.bystander.id,
        kind: 'add',
        clockIn: `${addDays('2024-01-01', c.n)}T09:00:00Z`,
        clockOut: `${addDays('2024-01-01', c.n)}T10:00:00Z`,
        reason: 'Matrix',
      },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'POST /api/attendance/corrections/{uuid}/approve',
    request: () => ({ url: `/api/attendance/corrections/${nobody()}/approve`, payload: {} }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/attendance/corrections/{uuid}/decline',
    request: () => ({ url: `/api/attendance/corrections/${nobody()}/decline`, payload: { comment: 'No' } }),
    expect: adminOnly(404),
  },
  {
    route: 'GET /api/attendance/me/timesheet',
    request: () => ({ url: '/api/attendance/me/timesheet?period=month' }),
    expect: selfService(200),
  },
  {
    route: 'GET /api/attendance/timesheets/{userUuid}',
    request: (c) => ({ url: `/api/attendance/timesheets/${c.world.users.bystander.id}?period=week` }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/attendance/timesheets/export.csv',
    request: () => ({ url: '/api/attendance/timesheets/export.csv?period=week' }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/attendance/timesheet-locks',
    request: () => ({ url: '/api/attendance/timesheet-locks' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/attendance/timesheet-locks',
    request: (c) => {
      const d = addDays('2020-01-01', c.n);
      return { url: '/api/attendance/timesheet-locks', payload: { from: d, to: d } };
    },
    expect: adminOnly(201),
  },
  {
    route: 'DELETE /api/attendance/timesheet-locks/{uuid}',
    request: () => ({ url: `/api/attendance/timesheet-locks/${nobody()}` }),
    expect: adminOnly(404),
  },
];

describeMatrix('attendance authorization matrix', attendanceMatrix, (route) => isUnder(route, '/api/attendance'));
