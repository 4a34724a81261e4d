import type { MatrixRoute } from '../../test/matrix';
import { isUnder } from '../../test/matrix-areas';
import { describeMatrix } from '../../test/matrix-suite';

/** The company-wide evidence export is the compliance subject: the company's admins, on its own host. */
const reads = {
  signedOut: [401, 401],
  member: [403, 403],
  admin: [200, 403],
  disabledMember: [403, 403],
  nonMember: [403, 403],
  superAdmin: [403, 403],
  superAdminWrite: [403, 403],
} as const;

const matrix: MatrixRoute[] = [
  {
    route: 'GET /api/compliance/evidence.zip',
    request: () => ({ url: '/api/compliance/evidence.zip?from=2026-01-01&to=2026-12-31' }),
    expect: reads,
  },
];

describeMatrix('compliance evidence authorization matrix', matrix, (route) => isUnder(route, '/api/compliance'));
