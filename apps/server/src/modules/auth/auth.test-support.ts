// Shared setup of the auth flow tests (one file per flow); not a test file itself.
import { REFRESH_COOKIE } from '@wac/shared/constants';
import { type RealtimeMessage, userChannel } from '@wac/shared/realtime';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { rateLimits } from '../../db/schema/index';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { hashPassword } from '../../lib/password';
import { call, createTestApp, type TestContext } from '../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';

export const PASSWORD = 'Sturdy-Pass-42';
export let t: TestContext;
export let app: FastifyInstance;
export let smtp: TestSmtp;
export let ids: { acme: string; globex: string; alice: string; bob: string; loner: string; root: string };

// Each test gets its own client address, so the per-IP limits of one do not leak into another.
let ipCounter = 0;
export const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** The auth suites' shared world: two companies, four people, a test SMTP server; fresh rate-limit counters per test. */
export function useAuthWorld() {
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ config: { smtpUrl: smtp.url } });
    app = t.app;
    const passwordHash = await hashPassword(PASSWORD);
    ids = await t.db.system(async (tx) => {
      const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
      const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
      const alice = await createUser(tx, { email: 'alice@acme.test', passwordHash });
      const bob = await createUser(tx, { email: 'bob@acme.test', passwordHash });
      const loner = await createUser(tx, { email: 'loner@acme.test', passwordHash });
      const root = await createUser(tx, { email: 'root@platform.test', passwordHash, roles: ['super_admin'] });
      await addMembership(tx, acme.id, alice.id, { roles: ['admin'] });
      await addMembership(tx, globex.id, alice.id);
      await addMembership(tx, acme.id, bob.id);
      return { acme: acme.id, globex: globex.id, alice: alice.id, bob: bob.id, loner: loner.id, root: root.id };
    });
  });
  // Every test starts with fresh counters; the rate-limit tests trip them on purpose.
  beforeEach(async () => {
    await t.db.system((tx) => tx.delete(rateLimits));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
}

export function cookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === REFRESH_COOKIE);
}

export async function login(email: string, password = PASSWORD, host: string | null = 'acme', ip = freshIp()) {
  return call(app, {
    method: 'POST',
    url: '/api/jwt/login',
    host,
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': 'vitest-agent/1.0' },
  });
}

export function refresh(cookie: string | undefined, host: string | null = 'acme') {
  return call(app, {
    method: 'POST',
    url: '/api/jwt/refresh-token',
    host,
    ...(cookie ? { cookies: { [REFRESH_COOKIE]: cookie } } : {}),
    remoteAddress: freshIp(),
  });
}

export function listen(userId: string) {
  const got: RealtimeMessage[] = [];
  const off = app.bus.subscribe(userChannel(userId), (m) => got.push(m));
  return { got, off };
}

export const registration = (over: Record<string, unknown> = {}) => ({
  email: 'jane@initech-labs.test',
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: 'Initech Labs',
  password: 'Rocket-Fuel-77',
  confirmPassword: 'Rocket-Fuel-77',
  accountType: 'organization',
  ...over,
});
