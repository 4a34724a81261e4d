import { type MatrixRoute, nobody } from '../../test/matrix';

const superAdminOnly = (ok: number, readOnly: number): MatrixRoute['expect'] => ({
  signedOut: [401, 401],
  member: [403, 403],
  admin: [403, 403],
  disabledMember: [403, 403],
  nonMember: [403, 403],
  superAdmin: [readOnly, readOnly],
  superAdminWrite: [ok, ok],
});

/** The Jobs screen's routes: platform rows, the super admin's alone; a retry needs the write role. */
export const jobsMatrix: MatrixRoute[] = [
  {
    route: 'GET /api/jobs',
    request: () => ({ url: '/api/jobs?state=dead' }),
    expect: superAdminOnly(200, 200),
    // Platform routes are the base domain's too, for the super admin alone.
    base: { superAdminWrite: 200 },
  },
  {
    route: 'POST /api/jobs/{uuid}/retry',
    variant: 'a job that does not exist',
    request: () => ({ url: `/api/jobs/${nobody()}/retry` }),
    expect: superAdminOnly(404, 403),
    base: { superAdminWrite: 404 },
  },
];
