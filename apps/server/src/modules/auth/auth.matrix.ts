import { everyone, type MatrixRoute, nobody, signedIn } from '../../test/matrix';

/** Auth routes in the authorization matrix (see test/matrix.ts). Most are open by design. */
export const authMatrix: MatrixRoute[] = [
  {
    route: 'POST /api/jwt/register',
    request: ({ n }) => ({
      url: '/api/jwt/register',
      payload: {
        email: `owner${n}@matrix-signup-${n}.test`,
        firstName: 'Matrix',
        lastName: 'Owner',
        companyName: `Matrix Signup ${n}`,
        password: 'Matrix-Pass-42',
        confirmPassword: 'Matrix-Pass-42',
      },
    }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/jwt/register/resend',
    variant: 'unknown registration',
    request: () => ({ url: '/api/jwt/register/resend', payload: { registrationId: nobody() } }),
    expect: everyone(404),
  },
  {
    route: 'POST /api/jwt/register/verify',
    variant: 'unknown registration',
    request: () => ({ url: '/api/jwt/register/verify', payload: { registrationId: nobody(), otp: '123456' } }),
    expect: everyone(400),
  },
  {
    route: 'POST /api/jwt/login',
    variant: 'wrong credentials',
    request: ({ n }) => ({
      url: '/api/jwt/login',
      payload: { email: `nobody${n}@mx-acme.test`, password: 'Wrong-1x' },
    }),
    expect: everyone(401),
  },
  {
    route: 'POST /api/jwt/refresh-token',
    variant: 'no cookie',
    request: () => ({ url: '/api/jwt/refresh-token' }),
    expect: everyone(401),
    base: 401,
  },
  {
    route: 'POST /api/jwt/logout',
    request: () => ({ url: '/api/jwt/logout' }),
    expect: everyone(200),
    // Logout runs on the cookie; a Bearer token that does not belong here is ignored, not obeyed.
    replay: 200,
    base: 200,
  },
  {
    route: 'POST /api/jwt/forgot-password',
    request: ({ n }) => ({ url: '/api/jwt/forgot-password', payload: { email: `forgot${n}@mx-acme.test` } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/jwt/reset-password',
    variant: 'no code was mailed',
    request: ({ n }) => ({
      url: '/api/jwt/reset-password',
      payload: {
        email: `reset${n}@mx-acme.test`,
        otp: '123456',
        password: 'Matrix-Pass-42',
        confirmPassword: 'Matrix-Pass-42',
      },
    }),
    expect: everyone(400),
  },
  {
    route: 'POST /api/jwt/switch-code',
    variant: 'to the own company',
    request: ({ world }) => ({ url: '/api/jwt/switch-code', payload: { companyUuid: world.companies.own.id } }),
    // Only enabled members may switch in (a disabled one is refused, as every route refuses him);
    // a super admin may open any company's console (read-only unless super_admin_write), audited.
    expect: {
      signedOut: [401, 401],
      member: [200, 200],
      admin: [200, 200],
      disabledMember: [403, 403],
      nonMember: [403, 403],
      superAdmin: [200, 200],
      superAdminWrite: [200, 200],
    },
    // What a base-domain session is for: a code into a company.
    base: 200,
  },
  {
    route: 'POST /api/jwt/switch-code/redeem',
    variant: 'unknown code',
    request: () => ({ url: '/api/jwt/switch-code/redeem', payload: { code: 'x'.repeat(43) } }),
    expect: everyone(400),
  },
  {
    route: 'GET /api/jwt/sessions',
    request: () => ({ url: '/api/jwt/sessions' }),
    expect: signedIn(200),
    base: 200,
  },
  {
    route: 'DELETE /api/jwt/sessions/{uuid}',
    variant: 'own session',
    request: ({ sessionId }) => ({ url: `/api/jwt/sessions/${sessionId ?? nobody()}` }),
    expect: signedIn(200),
    base: 200,
  },
  {
    route: 'DELETE /api/jwt/sessions/{uuid}',
    variant: "someone else's session",
    request: ({ world }) => ({ url: `/api/jwt/sessions/${world.bystanderSessionId}` }),
    expect: signedIn(404),
    base: 404,
  },
];
