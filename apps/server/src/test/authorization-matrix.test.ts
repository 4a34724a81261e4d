import { authMatrix } from '../modules/auth/auth.matrix';
import { jobsMatrix } from '../modules/jobs/jobs.matrix';
import { realtimeMatrix } from '../modules/realtime/realtime.matrix';
import { everyone, type MatrixRoute, signedIn } from './matrix';
import { hasOwnMatrixFile, isAdminAreaRoute } from './matrix-areas';
import { describeMatrix } from './matrix-suite';

/** Routes of the platform itself and of modules without their own matrix file yet. */
const coreMatrix: MatrixRoute[] = [
  // Operations routes read no token and no company (a load balancer calls them): 200 whatever is sent.
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: everyone(200), replay: 200, base: 200 },
  { route: 'GET /api/ready', request: () => ({ url: '/api/ready' }), expect: everyone(200), replay: 200, base: 200 },
  // The matrix calls from 10.77.x.x, outside the default METRICS_ALLOW, with user tokens, not METRICS_TOKEN.
  { route: 'GET /api/metrics', request: () => ({ url: '/api/metrics' }), expect: everyone(403), replay: 403 },
  { route: 'GET /api/docs.json', request: () => ({ url: '/api/docs.json' }), expect: everyone(200) },
  {
    route: 'GET /api/users/{uuid}',
    variant: 'self',
    request: ({ user, world }) => ({ url: `/api/users/${user?.id ?? world.users.member.id}` }),
    expect: signedIn(200),
    // The browser's sign-in reads its own user and profiles (the console's start does).
    base: 200,
  },
  {
    route: 'GET /api/users/{uuid}',
    variant: 'another user of the own company',
    request: ({ world }) => ({ url: `/api/users/${world.users.bystander.id}` }),
    base: { superAdminWrite: 200 },
    expect: {
      signedOut: [401, 401],
      member: [403, 403],
      admin: [403, 403],
      disabledMember: [403, 403],
      nonMember: [403, 403],
      superAdmin: [200, 200],
      superAdminWrite: [200, 200],
    },
  },
  {
    route: 'GET /api/users/{uuid}/user_company_profiles',
    variant: 'self',
    request: ({ user, world }) => ({ url: `/api/users/${user?.id ?? world.users.member.id}/user_company_profiles` }),
    expect: signedIn(200),
    base: 200,
  },
  {
    route: 'GET /api/users/{uuid}/user_company_profiles',
    variant: 'another user of the own company',
    request: ({ world }) => ({ url: `/api/users/${world.users.bystander.id}/user_company_profiles` }),
    base: { superAdminWrite: 200 },
    expect: {
      signedOut: [401, 401],
      member: [403, 403],
      admin: [403, 403],
      disabledMember: [403, 403],
      nonMember: [403, 403],
      superAdmin: [200, 200],
      superAdminWrite: [200, 200],
    },
  },
];

/** Every module's matrix: add yours here. */
const MATRIX: MatrixRoute[] = [...coreMatrix, ...authMatrix, ...realtimeMatrix, ...jobsMatrix];

describeMatrix('authorization matrix', MATRIX, (r) => !isAdminAreaRoute(r) && !hasOwnMatrixFile(r));
