import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMatrix } from '../modules/auth/auth.matrix';
import { realtimeMatrix } from '../modules/realtime/realtime.matrix';
import { call, createTestApp, type TestContext } from './harness';
import {
  CALLERS,
  cellFor,
  everyone,
  HOSTS,
  type MatrixRoute,
  type MatrixWorld,
  buildMatrixWorld,
  signedIn,
} from './matrix';
import { documentedRoutes, isAdminAreaRoute } from './matrix-areas';

/** Routes of the platform itself and of modules without their own matrix file yet. */
const coreMatrix: MatrixRoute[] = [
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: everyone(200) },
  { route: 'GET /api/docs.json', request: () => ({ url: '/api/docs.json' }), expect: everyone(200) },
  {
    route: 'GET /api/users/{uuid}',
    variant: 'self',
    request: ({ user, world }) => ({ url: `/api/users/${user?.id ?? world.users.member.id}` }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/users/{uuid}',
    variant: 'another user of the own company',
    request: ({ world }) => ({ url: `/api/users/${world.users.bystander.id}` }),
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
  },
  {
    route: 'GET /api/users/{uuid}/user_company_profiles',
    variant: 'another user of the own company',
    request: ({ world }) => ({ url: `/api/users/${world.users.bystander.id}/user_company_profiles` }),
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
const MATRIX: MatrixRoute[] = [...coreMatrix, ...authMatrix, ...realtimeMatrix];

let t: TestContext;
let world: MatrixWorld;
let checked = 0;
let replayed = 0;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildMatrixWorld(t.app);
});
afterAll(() => t?.close());

describe('authorization matrix', () => {
  let n = 0;
  for (const entry of MATRIX) {
    const [method, path] = entry.route.split(' ') as [string, string];
    it(`${entry.route}${entry.variant ? ` (${entry.variant})` : ''}`, async () => {
      const failures: string[] = [];
      for (const caller of CALLERS) {
        for (const [i, hostKind] of HOSTS.entries()) {
          const cell = await cellFor(t.app, world, caller, hostKind, ++n);
          const req = await entry.request(cell);
          const res = await call(t.app, {
            method: method as 'GET',
            ...req,
            host: cell.host.subDomain,
            ...(cell.token ? { token: cell.token } : {}),
            remoteAddress: `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`,
          });
          const expected = entry.expect[caller][i];
          checked++;
          if (res.statusCode !== expected) {
            failures.push(
              `${caller} on ${hostKind} host: ${res.statusCode} (${res.body.slice(0, 120)}), want ${expected}`,
            );
          }
        }
      }
      expect(failures, `${method} ${path}`).toEqual([]);
    });
  }

  it('refuses a token issued on the own host and replayed on the foreign host, on every route', async () => {
    const failures: string[] = [];
    for (const entry of MATRIX) {
      const [method] = entry.route.split(' ') as [string, string];
      for (const caller of CALLERS) {
        if (caller === 'signedOut') continue;
        const cell = await cellFor(t.app, world, caller, 'own', ++n);
        const req = await entry.request(cell);
        const res = await call(t.app, {
          method: method as 'GET',
          ...req,
          host: world.companies.foreign.subDomain,
          token: cell.token ?? undefined,
          remoteAddress: `10.78.${Math.floor(n / 250)}.${(n % 250) + 1}`,
        });
        replayed++;
        const want = entry.replay ?? 401;
        if (res.statusCode !== want) {
          failures.push(`${entry.route} ${entry.variant ?? ''} as ${caller}: ${res.statusCode}, want ${want}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('covers every documented route', async () => {
    const documented = documentedRoutes(t.app.swagger()).filter((r) => !isAdminAreaRoute(r));
    const covered = new Set(MATRIX.map((e) => e.route));
    expect(documented.filter((r) => !covered.has(r))).toEqual([]);
    expect(documented.length).toBeGreaterThan(0);
  });

  it('checked every cell', () => {
    const expected = MATRIX.length * CALLERS.length * HOSTS.length;
    const expectedReplays = MATRIX.length * (CALLERS.length - 1);
    console.log(
      `authorization matrix: ${checked} cells checked (${MATRIX.length} route entries × ${CALLERS.length} callers × ${HOSTS.length} hosts) + ${replayed} cross-host replays`,
    );
    expect(checked).toBe(expected);
    expect(replayed).toBe(expectedReplays);
  });
});
