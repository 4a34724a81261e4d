import { createBookmark } from '../../db/seed/company-pages-demo';
import type { Cell, MatrixRoute } from '../../test/matrix';
import { isUnder } from '../../test/matrix-areas';
import { describeMatrix } from '../../test/matrix-suite';

/** Every active member of the Host's company (super admins read any company); nobody else. */
const members = (ok: number) =>
  ({
    signedOut: [401, 401],
    member: [ok, 403],
    admin: [ok, 403],
    disabledMember: [403, 403],
    nonMember: [403, 403],
    superAdmin: [ok, ok],
    superAdminWrite: [ok, ok],
  }) as const;

/**
 * A bookmark of the caller in the cell's host company, when the caller is a member there; for
 * everyone else a bookmark of the bystander (not theirs: never found).
 */
const bookmarkOf = async ({ app, world, user, host, n }: Cell) => {
  const owner = user && ['member', 'admin'].includes(user.email.split('@')[0]!) && host.id === world.companies.own.id;
  const userId = owner ? user!.id : world.users.bystander.id;
  return app.db.system(async (tx) => {
    await createBookmark(tx, world.companies.own.id, userId, 'screen', `/matrix-${n}`);
    const r = (await tx.execute(`SELECT id FROM bookmarks WHERE target = '/matrix-${n}'` as never)) as unknown as {
      rows: { id: string }[];
    };
    return r.rows[0]!.id;
  });
};

const matrix: MatrixRoute[] = [
  { route: 'GET /api/search', request: () => ({ url: '/api/search?q=mat' }), expect: members(200) },
  { route: 'GET /api/bookmarks', request: () => ({ url: '/api/bookmarks' }), expect: members(200) },
  {
    route: 'POST /api/bookmarks',
    request: ({ n }) => ({ url: '/api/bookmarks', payload: { kind: 'screen', target: `/cell-${n}` } }),
    // Bookmarks belong to a membership: a super admin visiting keeps none.
    expect: { ...members(201), superAdmin: [403, 403], superAdminWrite: [403, 403] },
  },
  {
    route: 'DELETE /api/bookmarks/{uuid}',
    request: async (cell) => ({ url: `/api/bookmarks/${await bookmarkOf(cell)}` }),
    // Only the owner, on the host of the company it belongs to, finds it; a super admin owns none here.
    expect: { ...members(204), superAdmin: [404, 404], superAdminWrite: [404, 404] },
  },
  {
    route: 'GET /api/presence',
    request: ({ world }) => ({ url: `/api/presence?uuids=${world.users.bystander.id}` }),
    expect: members(200),
  },
  {
    route: 'PUT /api/presence',
    request: () => ({ url: '/api/presence', payload: { status: 'busy' } }),
    // One's own presence: a super admin without a membership has none there.
    expect: { ...members(200), superAdmin: [403, 403], superAdminWrite: [403, 403] },
  },
  {
    route: 'GET /api/product-links/{uuid}',
    request: ({ world }) => ({ url: `/api/product-links/${world.users.bystander.id}` }),
    // The bystander is a member of the own company only: on the foreign host nobody finds him.
    expect: { ...members(200), superAdmin: [200, 404], superAdminWrite: [200, 404] },
  },
];

describeMatrix(
  'search, bookmarks and presence authorization matrix',
  matrix,
  (route) =>
    isUnder(route, '/api/search') ||
    isUnder(route, '/api/bookmarks') ||
    isUnder(route, '/api/presence') ||
    isUnder(route, '/api/product-links'),
);
