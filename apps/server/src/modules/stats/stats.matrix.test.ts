import { type MatrixRoute, nobody } from '../../test/matrix';
import { isUnder } from '../../test/matrix-areas';
import { describeMatrix } from '../../test/matrix-suite';

/**
 * Stats routes in the authorization matrix (see test/matrix.ts): subject `stats`, read by the
 * company's admins on their own company's host and by super admins on any company (they read every
 * company); members, disabled members and outsiders never.
 */
const statsRead = (ok: number): MatrixRoute['expect'] => ({
  signedOut: [401, 401],
  member: [403, 403],
  admin: [ok, 403],
  disabledMember: [403, 403],
  nonMember: [403, 403],
  superAdmin: [ok, ok],
  superAdminWrite: [ok, ok],
});

const statsMatrix: MatrixRoute[] = [
  { route: 'GET /api/stats', request: () => ({ url: '/api/stats?range=last28' }), expect: statsRead(200) },
  {
    route: 'GET /api/stats',
    variant: 'a team of no company',
    request: () => ({ url: `/api/stats?range=lastMonth&team=${nobody()}` }),
    expect: statsRead(404),
  },
];

describeMatrix('stats authorization matrix', statsMatrix, (route) => isUnder(route, '/api/stats'));
