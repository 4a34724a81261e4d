import { createCtx, forCompany } from '../../lib/context';
import type { Cell, MatrixRoute } from '../../test/matrix';
import { isUnder } from '../../test/matrix-areas';
import { describeMatrix } from '../../test/matrix-suite';
import * as service from './departments.service';

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

/** A fresh row of the own company per cell, made the way a job would (no request). */
const existing = async ({ app, world, n }: Cell) =>
  (await service.create(forCompany(createCtx(app), world.companies.own.id), { name: `Matrix ${n}` })).uuid;

const matrix: MatrixRoute[] = [
  { route: 'GET /api/departments', request: () => ({ url: '/api/departments' }), expect: reads },
  { route: 'GET /api/departments/tree', request: () => ({ url: '/api/departments/tree' }), expect: reads },
  {
    route: 'POST /api/departments',
    request: ({ n }) => ({ url: '/api/departments', payload: { name: `Cell ${n}` } }),
    expect: writes(201),
  },
  {
    route: 'GET /api/departments/{uuid}',
    request: async (cell) => ({ url: `/api/departments/${await existing(cell)}` }),
    expect: readById,
  },
  {
    route: 'PATCH /api/departments/{uuid}',
    request: async (cell) => ({
      url: `/api/departments/${await existing(cell)}`,
      payload: { version: 1, name: `Renamed ${cell.n}` },
    }),
    expect: writes(200),
  },
  {
    route: 'DELETE /api/departments/{uuid}',
    request: async (cell) => ({ url: `/api/departments/${await existing(cell)}?version=1` }),
    expect: writes(204),
  },
  {
    route: 'POST /api/departments/{uuid}/members',
    request: async (cell) => ({
      url: `/api/departments/${await existing(cell)}/members`,
      payload: { uuids: [cell.world.users.bystander.id] },
    }),
    expect: writes(200),
  },
];

describeMatrix('departments authorization matrix', matrix, (route) => isUnder(route, '/api/departments'));
