import { createCtx, forCompany } from '../../lib/context';
import { type Cell, everyone, type MatrixRoute } from '../../test/matrix';
import { isUnder } from '../../test/matrix-areas';
import { describeMatrix } from '../../test/matrix-suite';
import * as service from './company-pages.service';

/** The company's admins (subject `dashboard`) read and write; super admins read every company's. */
const reads = {
  signedOut: [401, 401],
  member: [403, 403],
  admin: [200, 403],
  disabledMember: [403, 403],
  nonMember: [403, 403],
  superAdmin: [200, 200],
  superAdminWrite: [200, 200],
} as const;
/** A row of the own company read by id: on the foreign host it does not exist. */
const readById = { ...reads, superAdmin: [200, 404], superAdminWrite: [200, 404] } as const;
/** Only the company's admins write. */
const writes = (ok: number) =>
  ({ ...reads, admin: [ok, 403], superAdmin: [403, 403], superAdminWrite: [403, 403] }) as const;
/** Every active member reads their own received messages. */
const ownInbox = {
  signedOut: [401, 401],
  member: [200, 403],
  admin: [200, 403],
  disabledMember: [403, 403],
  nonMember: [403, 403],
  superAdmin: [200, 200],
  superAdminWrite: [200, 200],
} as const;

/** A fresh row of the own company per cell, made the way a job would (no request). */
const existing = async ({ app, world, n }: Cell) =>
  (
    await service.create(forCompany(createCtx(app), world.companies.own.id), {
      title: `Matrix ${n}`,
      slug: `matrix-${n}`,
    })
  ).uuid;

/** The own company's published page, with the bystander on it (made once). */
let published: Promise<string> | null = null;
const publicPage = ({ app, world }: Cell) => {
  published ??= service
    .create(forCompany(createCtx(app), world.companies.own.id), {
      title: 'Public',
      slug: 'public',
      published: true,
      dashboardUsers: [{ uuid: world.users.bystander.id }],
    })
    .then(() => `/api/public/pages/${world.companies.own.subDomain}/public`);
  return published;
};
const visitor = { name: 'Visitor', email: 'visitor@example.org', message: 'Hello' };

const matrix: MatrixRoute[] = [
  { route: 'GET /api/company-pages', request: () => ({ url: '/api/company-pages' }), expect: reads },
  {
    route: 'POST /api/company-pages',
    request: ({ n }) => ({ url: '/api/company-pages', payload: { title: `Cell ${n}`, slug: `cell-${n}` } }),
    expect: writes(201),
  },
  {
    route: 'GET /api/company-pages/{uuid}',
    request: async (cell) => ({ url: `/api/company-pages/${await existing(cell)}` }),
    expect: readById,
  },
  {
    route: 'PATCH /api/company-pages/{uuid}',
    request: async (cell) => ({
      url: `/api/company-pages/${await existing(cell)}`,
      payload: { version: 1, title: `Renamed ${cell.n}` },
    }),
    expect: writes(200),
  },
  {
    route: 'DELETE /api/company-pages/{uuid}',
    request: async (cell) => ({ url: `/api/company-pages/${await existing(cell)}?version=1` }),
    expect: writes(204),
  },
  { route: 'GET /api/page-messages', request: () => ({ url: '/api/page-messages' }), expect: ownInbox },
  // The public page: anonymous callers and everyone else alike, on any host.
  {
    route: 'GET /api/public/pages/{company}/{slug}',
    request: async (cell) => ({ url: await publicPage(cell) }),
    expect: everyone(200),
    replay: 200,
    // Public: a session of any kind is ignored, on any host.
    base: 200,
  },
  {
    route: 'POST /api/public/pages/{company}/{slug}/people/{uuid}/email',
    request: async (cell) => ({
      url: `${await publicPage(cell)}/people/${cell.world.users.bystander.id}/email`,
      payload: visitor,
    }),
    expect: everyone(202),
    replay: 202,
    base: 202,
  },
  {
    route: 'POST /api/public/pages/{company}/{slug}/people/{uuid}/message',
    request: async (cell) => ({
      url: `${await publicPage(cell)}/people/${cell.world.users.bystander.id}/message`,
      payload: visitor,
    }),
    expect: everyone(201),
    replay: 201,
    base: 201,
  },
];

describeMatrix(
  'company-pages authorization matrix',
  matrix,
  (route) =>
    isUnder(route, '/api/company-pages') || isUnder(route, '/api/public/pages') || isUnder(route, '/api/page-messages'),
);
