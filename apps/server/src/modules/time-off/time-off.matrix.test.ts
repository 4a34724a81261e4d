import { createSchedule } from '../../db/seed/attendance-factories';
import { createTimeOffRequest, createTimeOffType } from '../../db/seed/time-off-factories';
import { createCtx, forCompany } from '../../lib/context';
import type { Cell, MatrixRoute } from '../../test/matrix';
import { isUnder } from '../../test/matrix-areas';
import { describeMatrix } from '../../test/matrix-suite';
import * as types from './time-off-types.service';

/** Every active member of the company reads (super admins read every company); nobody reads another's. */
const reads = {
  signedOut: [401, 401],
  member: [200, 403],
  admin: [200, 403],
  disabledMember: [403, 403],
  nonMember: [403, 403],
  superAdmin: [200, 200],
  superAdminWrite: [200, 200],
} as const;
/** A row of the own company read by id: on the foreign host it does not exist. */
const readById = { ...reads, superAdmin: [200, 404], superAdminWrite: [200, 404] } as const;
/** Only the company's admins (peopleHR) write. */
const writes = (ok: number) =>
  ({ ...reads, member: [403, 403], admin: [ok, 403], superAdmin: [403, 403], superAdminWrite: [403, 403] }) as const;
/**
 * Self-service on one's own time off: a member and an admin pass; a super admin passes the door but
 * is no member of the company, so there is no time off of theirs to find.
 */
const own = (ok: number) =>
  ({ ...reads, member: [ok, 403], admin: [ok, 403], superAdmin: [404, 404], superAdminWrite: [404, 404] }) as const;
/** Deciding someone else's request: only an admin here (the bystander has no manager). */
const decides = { ...reads, member: [404, 403], superAdmin: [404, 404], superAdminWrite: [404, 404] } as const;

/** A fresh row of the own company per cell, made the way a job would (no request). */
const existing = async ({ app, world, n }: Cell) =>
  (await types.create(forCompany(createCtx(app), world.companies.own.id), { name: `Matrix ${n}` })).uuid;

/** A schedule and a type that may go negative in the own company, made once per world. */
const fixtures = new WeakMap<object, Promise<string>>();
const vacation = (cell: Cell) => {
  let p = fixtures.get(cell.world);
  if (!p) {
    p = cell.app.db.system(async (tx) => {
      await createSchedule(tx, cell.world.companies.own.id, { name: 'Matrix office', isDefault: true });
      return (
        await createTimeOffType(tx, cell.world.companies.own.id, {
          name: 'Matrix vacation',
          allowNegative: true,
          yearlyAllowance: 25,
        })
      ).id;
    });
    fixtures.set(cell.world, p);
  }
  return p;
};
/** A pending request of the bystander, starting in the future. */
const pending = async (cell: Cell) => {
  const typeId = await vacation(cell);
  const day = `2031-0${1 + (cell.n % 9)}-${String(1 + (cell.n % 28)).padStart(2, '0')}`;
  return (
    await cell.app.db.system((tx) =>
      createTimeOffRequest(tx, cell.world.companies.own.id, {
        userId: cell.world.users.bystander.id,
        typeId,
        startDate: day,
        endDate: day,
        amount: 1,
        status: 'pending',
      }),
    )
  ).id;
};
/** A date of its own per cell: a Monday in 2032 + n weeks, so no two cells' requests overlap. */
const mondayOf = (n: number) => new Date(Date.UTC(2032, 0, 5) + n * 7 * 86_400_000).toISOString().slice(0, 10);

const matrix: MatrixRoute[] = [
  { route: 'GET /api/time-off-types', request: () => ({ url: '/api/time-off-types' }), expect: reads },
  {
    route: 'POST /api/time-off-types',
    request: ({ n }) => ({ url: '/api/time-off-types', payload: { name: `Cell ${n}` } }),
    expect: writes(201),
  },
  {
    route: 'GET /api/time-off-types/{uuid}',
    request: async (cell) => ({ url: `/api/time-off-types/${await existing(cell)}` }),
    expect: readById,
  },
  {
    route: 'PATCH /api/time-off-types/{uuid}',
    request: async (cell) => ({
      url: `/api/time-off-types/${await existing(cell)}`,
      payload: { version: 1, name: `Renamed ${cell.n}` },
    }),
    expect: writes(200),
  },
  {
    route: 'DELETE /api/time-off-types/{uuid}',
    request: async (cell) => ({ url: `/api/time-off-types/${await existing(cell)}?version=1` }),
    expect: writes(204),
  },
  { route: 'GET /api/time-off/balances', request: () => ({ url: '/api/time-off/balances' }), expect: own(200) },
  { route: 'GET /api/time-off/ledger', request: () => ({ url: '/api/time-off/ledger' }), expect: own(200) },
  {
    route: 'POST /api/time-off/adjustments',
    request: async (cell) => ({
      url: '/api/time-off/adjustments',
      payload: {
        userUuid: cell.world.users.bystander.id,
        typeUuid: await vacation(cell),
        kind: 'grant',
        amount: 1,
        reason: `Cell ${cell.n}`,
      },
    }),
    // On the foreign host the person and the type do not exist.
    expect: writes(201),
  },
  {
    route: 'POST /api/time-off/requests/preview',
    request: async (cell) => ({
      url: '/api/time-off/requests/preview',
      payload: { typeUuid: await vacation(cell), startDate: mondayOf(cell.n), endDate: mondayOf(cell.n) },
    }),
    expect: { ...own(200), superAdmin: [404, 404], superAdminWrite: [404, 404] },
  },
  { route: 'GET /api/time-off/requests', request: () => ({ url: '/api/time-off/requests' }), expect: own(200) },
  {
    route: 'POST /api/time-off/requests',
    request: async (cell) => ({
      url: '/api/time-off/requests',
      payload: { typeUuid: await vacation(cell), startDate: mondayOf(cell.n), endDate: mondayOf(cell.n) },
    }),
    expect: own(201),
  },
  {
    route: 'POST /api/time-off/requests/{uuid}/approve',
    request: async (cell) => ({ url: `/api/time-off/requests/${await pending(cell)}/approve`, payload: {} }),
    expect: decides,
  },
  {
    route: 'POST /api/time-off/requests/{uuid}/decline',
    request: async (cell) => ({
      url: `/api/time-off/requests/${await pending(cell)}/decline`,
      payload: { comment: 'No' },
    }),
    expect: decides,
  },
  {
    route: 'POST /api/time-off/requests/{uuid}/cancel',
    request: async (cell) => ({ url: `/api/time-off/requests/${await pending(cell)}/cancel` }),
    expect: decides,
  },
  { route: 'GET /api/time-off/approvals', request: () => ({ url: '/api/time-off/approvals' }), expect: reads },
  {
    route: 'GET /api/time-off/approvals/count',
    request: () => ({ url: '/api/time-off/approvals/count' }),
    expect: reads,
  },
  {
    route: 'GET /api/time-off/calendar',
    request: () => ({ url: '/api/time-off/calendar?month=2031-03' }),
    expect: reads,
  },
];

describeMatrix(
  'time-off authorization matrix',
  matrix,
  (route) => isUnder(route, '/api/time-off-types') || isUnder(route, '/api/time-off'),
);
