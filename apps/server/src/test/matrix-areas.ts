/**
 * Which authorization-matrix file answers for a documented route. The administration routes are
 * checked in authorization-matrix.admin.test.ts (its own fixtures and leak markers), everything
 * else in authorization-matrix.test.ts; each file asserts that it covers every documented route
 * on its side, so together they cover the whole OpenAPI document.
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

/** `route` is "METHOD /path". */
export const isAdminAreaRoute = (route: string) => {
  const path = route.split(' ')[1] ?? '';
  return ADMIN_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
};

export function documentedRoutes(doc: { paths?: object }): string[] {
  return Object.entries((doc.paths ?? {}) as Record<string, object>).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
  );
}
