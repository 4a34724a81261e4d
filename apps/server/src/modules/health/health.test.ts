import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { createRedisBus } from '../../lib/bus';
import { parseAllowList } from '../../lib/metrics';
import { call, createTestApp, openTestDatabase, type TestContext } from '../../test/harness';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ config: { metrics: { allow: '127.0.0.1/32,192.168.10.0/24', token: TOKEN } } });
});
afterAll(() => t?.close());

describe('health and readiness', () => {
  it('answers liveness and readiness with each dependency', async () => {
    expect((await call(t.app, { url: '/api/health' })).json()).toEqual({ ok: true });
    const ready = await call(t.app, { url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'not configured', jobs: 'ok' },
    });
    // On a company host too, without touching the database on the way in.
    expect((await call(t.app, { url: '/api/ready', host: 'nosuchcompany' })).statusCode).toBe(200);
  });

  it('checks Redis when it is configured, and answers 503 with a translated message when it is gone', async () => {
    const { db, drop } = await openTestDatabase();
    const bus = await createRedisBus({
      url: 'redis://127.0.0.1:6379',
      prefix: `jobs-ready-${randomBytes(4).toString('hex')}:`,
    });
    const app = await buildApp({ config: testConfig(), db, bus });
    await app.ready();
    try {
      expect((await call(app, { url: '/api/ready' })).json().checks.redis).toBe('ok');
      await bus.close();
      const res = await call(app, { url: '/api/ready', headers: { 'accept-language': 'de' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        code: 'NOT_READY',
        message: expect.stringContaining('Der Server ist nicht bereit'),
        checks: { database: 'ok', redis: 'down', jobs: 'ok' },
      });
    } finally {
      await app.close();
      await drop();
    }
  });

  it('is not ready when the database is unreachable or the job runner stopped', async () => {
    const { db } = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), db });
    await app.ready();
    await app.jobs.stop();
    const noRunner = await call(app, { url: '/api/ready', headers: { 'accept-language': 'ar' } });
    expect(noRunner.statusCode).toBe(503);
    expect(noRunner.json().checks).toEqual({ database: 'ok', redis: 'not configured', jobs: 'down' });
    expect(noRunner.json().message).toContain('الخادم غير جاهز');
    await db.close();
    const noDb = await call(app, { url: '/api/ready' });
    expect(noDb.statusCode).toBe(503);
    expect(noDb.json().checks.database).toBe('down');
    // Liveness does not depend on it.
    expect((await call(app, { url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });

  it('reports a process that only enqueues (JOBS_ENABLED=false) as ready, its runner disabled', async () => {
    const { db, drop } = await openTestDatabase();
    const app = await buildApp({ config: testConfig({ jobs: { enabled: false, pollMs: 50 } }), db });
    await app.ready();
    expect((await call(app, { url: '/api/ready' })).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'not configured', jobs: 'disabled' },
    });
    await app.close();
    await drop();
  });
});

describe('metrics', () => {
  it('are served to an allowed address in the Prometheus format, with request, pool, socket and job figures', async () => {
    await call(t.app, { url: '/api/health' });
    const res = await call(t.app, { url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    );
    // PGlite: its one connection; PostgreSQL: the pool opened at least one.
    expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toMatch(/db_pool_connections\{state="waiting"\} 0/);
    expect(text).toMatch(/realtime_open_sockets 0/);
    expect(text).toMatch(/db_reads_run_again_total 0/);
    expect(text).toMatch(/jobs_queue_depth\{state="dead"\} 0/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('are refused elsewhere, unless the bearer token is right', async () => {
    const from = (ip: string, headers: Record<string, string> = {}) =>
      call(t.app, { url: '/api/metrics', remoteAddress: ip, headers: { 'accept-language': 'fr', ...headers } });
    const refused = await from('10.1.2.3');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'Vous n’êtes pas autorisé à faire cela.' });
    expect((await from('10.1.2.3', { authorization: 'Bearer wrong-token-0123456789abc' })).statusCode).toBe(403);
    expect((await from('10.1.2.3', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await from('192.168.10.77')).statusCode).toBe(200);
    expect((await from('::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it('refuses a malformed allow list at start', () => {
    expect(() => parseAllowList('127.0.0.1/33')).toThrow(/METRICS_ALLOW/);
    expect(() => parseAllowList('localhost')).toThrow(/METRICS_ALLOW/);
    expect(() => parseAllowList('10.0.0.0/8, ::1')).not.toThrow();
  });
});
