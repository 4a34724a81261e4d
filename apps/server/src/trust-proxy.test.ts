import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from './config';
import { auditLog, sessions } from './db/schema/index';
import { addMembership, createCompany, createUser } from './db/seed/factories';
import { hashPassword } from './lib/password';
import { createTestApp, type TestContext } from './test/harness';

/**
 * Behind one proxy that appends the peer it saw to X-Forwarded-For (nginx's
 * $proxy_add_x_forwarded_for), a client that writes its own X-Forwarded-For must still be recorded,
 * and rate-limited, as the address the proxy appended. TRUST_PROXY=1: believe one hop only.
 */
const PROXY = '127.0.0.1';
const CLIENT = '198.51.100.23';
const PASSWORD = 'Proxy-Trust-2026';
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ config: { trustProxy: parseTrustProxy('1') } });
  const passwordHash = await hashPassword(PASSWORD);
  await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const ann = await createUser(tx, { email: 'ann@acme-corp.com', passwordHash });
    const max = await createUser(tx, { email: 'max@acme-corp.com' });
    await addMembership(tx, acme.id, ann.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, max.id);
  });
});
afterAll(() => t?.close());

/** A request as the proxy forwards it: the client's header, then the address the proxy saw. */
const viaProxy = (forged: string) => ({
  remoteAddress: PROXY,
  headers: { host: 'acme.localhost', 'x-forwarded-for': `${forged}, ${CLIENT}`, accept: 'application/json' },
});

describe('TRUST_PROXY as a hop count', () => {
  it('records the proxy-appended address for the session and the audit log, not the forged one', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/login',
      payload: { email: 'ann@acme-corp.com', password: PASSWORD },
      ...viaProxy('203.0.113.7'),
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().accessToken as string;
    const [session] = await t.db.system((tx) => tx.select().from(sessions).orderBy(desc(sessions.createdAt)).limit(1));
    expect(session!.ip).toBe(CLIENT);

    const { headers, remoteAddress } = viaProxy('192.0.2.99');
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/members?search=max',
      remoteAddress,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    const max = found.json().data[0];
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/members/${max.uuid}`,
      payload: { version: max.version, roles: ['admin'] },
      remoteAddress,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(patched.statusCode).toBe(200);
    const entries = await t.db.system((tx) => tx.select().from(auditLog).where(eq(auditLog.ip, '192.0.2.99')));
    expect(entries).toHaveLength(0);
    const [latest] = await t.db.system((tx) => tx.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1));
    expect(latest!.ip).toBe(CLIENT);
  });

  it('keeps counting one per-IP limit however the forged address changes', async () => {
    // forgot-password allows 30 requests per address in 15 minutes (5 per email: a new email each time).
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/jwt/forgot-password',
        payload: { email: `nobody${i}@acme-corp.com` },
        ...viaProxy(`203.0.113.${i + 1}`),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another real client behind the same proxy is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/forgot-password',
      payload: { email: 'someone@acme-corp.com' },
      remoteAddress: PROXY,
      headers: { host: 'acme.localhost', 'x-forwarded-for': '198.51.100.24', accept: 'application/json' },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY values', () => {
  const DATA_DIR = mkdtempSync(join(tmpdir(), 'wac-trust-'));
  afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));
  const env = (TRUST_PROXY: string) => loadConfig({ TRUST_PROXY, DATA_DIR });

  it('takes a hop count, or addresses and CIDR ranges, and is off by default', () => {
    expect(loadConfig({ DATA_DIR }).trustProxy).toBe(false);
    expect(env('false').trustProxy).toBe(false);
    expect(env('2').trustProxy).toBe(2);
    expect(env('127.0.0.1, 10.0.0.0/8,fd00::/8').trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    expect(env('loopback').trustProxy).toEqual(['loopback']);
  });

  it('refuses "true" and wildcards with what to set instead, and nonsense with its value', () => {
    for (const v of ['true', 'yes', '0.0.0.0/0', '::/0']) {
      expect(() => env(v)).toThrow(ConfigError);
      expect(() => env(v)).toThrow(/TRUST_PROXY=1 behind one nginx/);
    }
    expect(() => env('proxy.internal')).toThrow(/"proxy.internal" is neither a hop count nor an address/);
    expect(() => env('10.0.0.0/33')).toThrow(/10.0.0.0\/33/);
  });
});
