/**
 * Which authorization-matrix file answers for a documented route. The administration routes are
 * checked in authorization-matrix.admin.test.ts (its own fixtures and leak markers), everything
 * else in authorization-matrix.test.ts; each file asserts that it covers every documented route
 * on its side; an area with its own matrix file (OWN_FILE_PREFIXES) checks its routes there, so
 * together they cover the whole OpenAPI document.
 */
const ADMIN_PREFIXES = [
  '/api/members',
  '/api/invitations',
  '/api/teams',
  '/api/join-requests',
  '/api/companies',
  '/api/profile',
  '/api/dashboard',
  '/api/audit-log',
  '/api/files',
];

/**
 * Areas whose matrix is their own file, `modules/<area>/<area>.matrix.test.ts` (every area written
 * by `npm run new-area`; it adds the prefix here).
 */
const OWN_FILE_PREFIXES: string[] = [
  '/api/departments',
  '/api/employees',
  '/api/attendance',
  '/api/company-pages',
  '/api/public/pages',
  '/api/page-messages',
  '/api/search',
  '/api/bookmarks',
  '/api/presence',
  '/api/product-links',
  '/api/policies',
  '/api/my-policies',
  '/api/time-off-types',
  '/api/time-off',
  '/api/stats',
  '/api/certification-types',
  '/api/certification-records',
  '/api/my-certifications',
  '/api/certification-submissions',
  '/api/compliance',
  // new-area: matrix prefixes
];

/** Whether `route` ("METHOD /path") is under `prefix`. */
export const isUnder = (route: string, prefix: string) => {
  const path = route.split(' ')[1] ?? '';
  return path === prefix || path.startsWith(`${prefix}/`);
};

/** `route` is "METHOD /path". */
export const isAdminAreaRoute = (route: string) => ADMIN_PREFIXES.some((p) => isUnder(route, p));

/** Checked by the area's own matrix file, not by the shared ones. */
export const hasOwnMatrixFile = (route: string) => OWN_FILE_PREFIXES.some((p) => isUnder(route, p));

export function documentedRoutes(doc: { paths?: object }): string[] {
  return Object.entries((doc.paths ?? {}) as Record<string, object>).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
  );
}
