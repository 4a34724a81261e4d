// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from './test/global-setup';
import { freePort, startFaultProxy } from './test/faults/fault-proxy';

const root = new URL('../../..', import.meta.url).pathname;
const dirs: string[] = [];

function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** GET with a Host header (fetch does not let a caller set Host). */
function getStatus(port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A PostgreSQL database of the test's own on TEST_DATABASE_URL's server, and how to drop it. */
async function ownDatabase(name: string) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A fault proxy in front of the service at `serviceUrl`, and that URL sent through it. */
async function behindProxy(serviceUrl: string, defaultPort: number) {
  const target = new URL(serviceUrl);
  const proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || defaultPort) });
  const url = new URL(serviceUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, url: url.toString() };
}

describe('the server process', () => {
  it('starts embedded with the demo, prints where to sign in, serves, and stops cleanly on SIGTERM', async () => {
    const DATA_DIR = mkdtempSync(join(tmpdir(), 'wac-start-'));
    dirs.push(DATA_DIR);
    const port = 3900 + Math.floor(Math.random() * 90);
    const s = startServer({ DATA_DIR, PORT: String(port) });
    // Generous: under a loaded machine (parallel test files, other builds) PGlite's start is slow.
    await waitFor(() => s.output().includes('API docs'), 150_000);
    expect(s.output()).toContain(`http://acme.localhost:${port}/admin/`);
    expect(s.output()).toContain('alice@example.com');
    expect(await getStatus(port, '/api/health', `acme.localhost:${port}`)).toBe(200);
    // Liveness reads no company (and so no database) whatever the Host: a balancer's probe never depends on them.
    expect(await getStatus(port, '/api/health', `nope.localhost:${port}`)).toBe(200);
    expect(await getStatus(port, '/api/members', `nope.localhost:${port}`)).toBe(404);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL).each(['refuse', 'blackhole'] as const)(
    'started while PostgreSQL is unreachable (%s), waits for it and comes up when it is back (no crash loop)',
    async (outage) => {
      const db = await ownDatabase(`wac_start_wait_${outage}_${process.pid}`);
      const { proxy, url } = await behindProxy(db.url, 5432);
      // refuse: connections reset (the database down); blackhole: accepted, never answered (a
      // partition), the connect timeout's own error.
      if (outage === 'refuse') await proxy.refuse();
      else proxy.blackhole();
      const port = await freePort();
      const s = startServer({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(40), PORT: String(port) });
      try {
        await waitFor(() => s.output().includes('Database unreachable'), 60_000);
        // Blackholed: at least one more 5 s connect timeout after the first.
        await new Promise((r) => setTimeout(r, outage === 'refuse' ? 3_000 : 7_000));
        // Before: an unhandled ECONNREFUSED ended the process at once (exit 1), for its supervisor to
        // restart; blackholed, the connect timeout's 'timeout expired' did the same, with a stack trace.
        expect(s.child.exitCode).toBeNull();
        expect(s.output()).not.toContain('triggerUncaughtException');
        await proxy.restore();
        await waitFor(() => s.output().includes('API docs'), 60_000);
        expect(await getStatus(port, '/api/ready', `localhost:${port}`)).toBe(200);
        s.child.kill('SIGTERM');
        expect(await s.exited).toBe(0);
      } finally {
        s.child.kill('SIGKILL');
        await proxy.close();
        await db.drop();
      }
    },
    150_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)(
    'started while Redis is unreachable, waits for it and comes up when it is back (no crash loop)',
    async () => {
      const db = await ownDatabase(`wac_start_wait_redis_${process.pid}`);
      const { proxy, url: redisUrl } = await behindProxy(process.env.REDIS_URL!, 6379);
      await proxy.refuse();
      const port = await freePort();
      const s = startServer({
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `wac-start-${process.pid}:`,
        JWT_SECRET: 'x'.repeat(40),
        PORT: String(port),
      });
      try {
        await waitFor(() => s.output().includes('Redis unreachable'), 60_000);
        await new Promise((r) => setTimeout(r, 3_000));
        // Before: "Cannot connect to Redis at REDIS_URL" and exit 1, for the supervisor to restart.
        expect(s.child.exitCode).toBeNull();
        expect(s.output().match(/Redis unreachable/g)).toHaveLength(1);
        await proxy.restore();
        await waitFor(() => s.output().includes('API docs'), 60_000);
        expect(s.output()).toContain('Redis reachable again: starting.');
        expect(await getStatus(port, '/api/ready', `localhost:${port}`)).toBe(200);
        s.child.kill('SIGTERM');
        expect(await s.exited).toBe(0);
      } finally {
        s.child.kill('SIGKILL');
        await proxy.close();
        await db.drop();
      }
    },
    150_000,
  );

  it('refuses a bad configuration with one clear message and a non-zero exit', async () => {
    const s = startServer({ PORT: 'eighty', DATABASE_URL: 'nope' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/Invalid configuration:[\s\S]*PORT[\s\S]*DATABASE_URL/);
  }, 30_000);
});
