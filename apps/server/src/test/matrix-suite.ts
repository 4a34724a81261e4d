import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from './harness';
import { BASE_CALLERS, buildMatrixWorld, CALLERS, cellFor, HOSTS, type MatrixRoute, type MatrixWorld } from './matrix';
import { tokenFor } from './harness';
import { documentedRoutes } from './matrix-areas';

/**
 * Runs an authorization matrix: every entry × every caller × both hosts, the cross-host replay of
 * every token, and a check that the entries cover every documented route for which `covers` is true.
 */
export function describeMatrix(title: string, MATRIX: MatrixRoute[], covers: (route: string) => boolean) {
  let t: TestContext;
  let world: MatrixWorld;
  let checked = 0;
  let replayed = 0;
  let based = 0;

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildMatrixWorld(t.app);
  });
  afterAll(() => t?.close());

  describe(title, () => {
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

    it('answers a base-domain session (the browser’s sign-in) only on the routes it may use, and never on a company host', async () => {
      const failures: string[] = [];
      for (const entry of MATRIX) {
        const [method] = entry.route.split(' ') as [string, string];
        for (const caller of BASE_CALLERS) {
          const cell = await cellFor(t.app, world, caller, 'own', ++n);
          const base = await tokenFor(t.app, world.users[caller].id, null);
          const req = await entry.request({ ...cell, token: base.token, sessionId: base.sessionId });
          const want = typeof entry.base === 'number' ? entry.base : (entry.base?.[caller] ?? 403);
          for (const [host, expected] of [
            [null, want],
            [world.companies.own.subDomain, entry.replay ?? 401],
          ] as const) {
            const res = await call(t.app, {
              method: method as 'GET',
              ...req,
              host,
              token: base.token,
              remoteAddress: `10.79.${Math.floor(n / 250)}.${(n % 250) + 1}`,
            });
            based++;
            if (res.statusCode !== expected) {
              failures.push(
                `${entry.route} ${entry.variant ?? ''} as ${caller}'s base-domain session on ${host ?? 'the base domain'}: ${res.statusCode} (${res.body.slice(0, 100)}), want ${expected}`,
              );
            }
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it('covers every documented route', async () => {
      const documented = documentedRoutes(t.app.swagger()).filter(covers);
      const covered = new Set(MATRIX.map((e) => e.route));
      expect(documented.filter((r) => !covered.has(r))).toEqual([]);
      expect(documented.length).toBeGreaterThan(0);
    });

    it('checked every cell', () => {
      const expected = MATRIX.length * CALLERS.length * HOSTS.length;
      const expectedReplays = MATRIX.length * (CALLERS.length - 1);
      console.log(
        `${title}: ${checked} cells checked (${MATRIX.length} route entries × ${CALLERS.length} callers × ${HOSTS.length} hosts) + ${replayed} cross-host replays + ${based} base-domain session cells`,
      );
      expect(checked).toBe(expected);
      expect(replayed).toBe(expectedReplays);
      expect(based).toBe(MATRIX.length * BASE_CALLERS.length * 2);
    });
  });
}
