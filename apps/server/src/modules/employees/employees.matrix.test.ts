import { createCtx, forCompany } from '../../lib/context';
import type { Cell, MatrixRoute } from '../../test/matrix';
import { isUnder } from '../../test/matrix-areas';
import { describeMatrix } from '../../test/matrix-suite';
import * as fields from './employee-fields.service';
import * as service from './employees.service';

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
/** A person of the own company: on the foreign host they do not exist. */
const readById = { ...reads, superAdmin: [200, 404], superAdminWrite: [200, 404] } as const;
/** Only the company's admins (peopleHR). */
const admins = (ok: number) =>
  ({ ...reads, member: [403, 403], admin: [ok, 403], superAdmin: [403, 403], superAdminWrite: [403, 403] }) as const;

const ownCtx = ({ app, world }: Cell) => forCompany(createCtx(app), world.companies.own.id);
const freshField = async (cell: Cell) =>
  (await fields.create(ownCtx(cell), { label: `Field ${cell.n}`, type: 'text' })).uuid;
const bystanderVersion = async (cell: Cell) =>
  (await service.get(ownCtx(cell), { userId: cell.world.users.bystander.id, asAdmin: true })).version;

const matrix: MatrixRoute[] = [
  { route: 'GET /api/employees', request: () => ({ url: '/api/employees?search=a' }), expect: reads },
  {
    route: 'GET /api/employees/export.csv',
    request: () => ({ url: '/api/employees/export.csv' }),
    expect: admins(200),
  },
  { route: 'GET /api/employees/org-chart', request: () => ({ url: '/api/employees/org-chart' }), expect: reads },
  { route: 'GET /api/employees/fields', request: () => ({ url: '/api/employees/fields' }), expect: reads },
  {
    route: 'POST /api/employees/fields',
    request: ({ n }) => ({ url: '/api/employees/fields', payload: { label: `Cell ${n}`, type: 'number' } }),
    expect: admins(201),
  },
  {
    route: 'PATCH /api/employees/fields/{uuid}',
    request: async (cell) => ({
      url: `/api/employees/fields/${await freshField(cell)}`,
      payload: { version: 1, private: true },
    }),
    expect: admins(200),
  },
  {
    route: 'DELETE /api/employees/fields/{uuid}',
    request: async (cell) => ({ url: `/api/employees/fields/${await freshField(cell)}?version=1` }),
    expect: admins(204),
  },
  { route: 'GET /api/employees/settings', request: () => ({ url: '/api/employees/settings' }), expect: reads },
  {
    route: 'PATCH /api/employees/settings',
    request: async (cell) => ({
      url: '/api/employees/settings',
      payload: { version: (await fields.settings(ownCtx(cell))).version, selfEditable: ['workPhone'] },
    }),
    expect: admins(200),
  },
  {
    route: 'GET /api/employees/{uuid}',
    request: ({ world }) => ({ url: `/api/employees/${world.users.bystander.id}` }),
    expect: readById,
  },
  {
    route: 'PATCH /api/employees/{uuid}',
    variant: "someone else's record",
    request: async (cell) => ({
      url: `/api/employees/${cell.world.users.bystander.id}`,
      payload: { version: await bystanderVersion(cell), jobTitle: `Title ${cell.n}` },
    }),
    // Members pass the door (they may edit their own) and are refused on someone else's; super
    // admins do not manage a company's people; on the foreign host the person does not exist.
    expect: { ...admins(200), member: [403, 403], superAdmin: [403, 404], superAdminWrite: [403, 404] },
  },
  {
    route: 'GET /api/employees/{uuid}/org-path',
    request: ({ world }) => ({ url: `/api/employees/${world.users.bystander.id}/org-path` }),
    expect: readById,
  },
];

describeMatrix('employees authorization matrix', matrix, (route) => isUnder(route, '/api/employees'));
