import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request } from 'node:http';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { sessions } from '../db/schema/index';
import { createTokenService } from '../lib/tokens';
import { type Bus, createRedisBus } from '../lib/bus';
import { withDatabase } from './global-setup';

/**
 * Several real server processes (`node --import tsx apps/server/src/server.ts`) on one fresh
 * PostgreSQL database and one Redis: what production scale-out looks like. Used by the
 * multi-process test and bench/realtime.ts.
 */
export interface Cluster {
  ports: number[];
  /** Process ids of the servers, by index (for memory readings). */
  pids: number[];
  db: Database;
  databaseUrl: string;
  /** A bus on the same Redis and prefix as the processes (the test's own connection). */
  bus: Bus;
  jwtSecret: string;
  sign(userId: string, companyId: string | null): Promise<{ token: string; sessionId: string }>;
  /** POSTs to a process with a company Host, as the browser would. */
  http(
    port: number,
    opts: { method: string; path: string; sub: string; token?: string; body?: unknown },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  stop(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts process `index` again after a stop (a rolling restart). */
  restart(index: number): Promise<void>;
  close(): Promise<void>;
}

const ROOT = new URL('../../../../', import.meta.url).pathname;

export interface ClusterOptions {
  ports: number[];
  label: string;
  /** Start every process at the same instant (they race to migrate the new database). */
  together?: boolean;
  /** The compiled server (apps/server/dist/server.js, `npm run build:server`) instead of the sources. */
  compiled?: boolean;
  /** An existing database to serve (left in place on close) instead of a new one. */
  databaseUrl?: string;
  /** Where the processes run (a production install made with `npm ci --omit=dev`); the checkout by default. */
  cwd?: string;
  /** More environment for every process (public protocol and port behind a proxy, TRUST_PROXY …). */
  env?: Record<string, string>;
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const runId = randomBytes(4).toString('hex');
  const dbName = `wac_realtime_${opts.label}_${runId}`;
  const prefix = `realtime-${opts.label}-${runId}:`;
  const jwtSecret = randomBytes(32).toString('base64url');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!opts.databaseUrl) await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = opts.databaseUrl ?? withDatabase(adminUrl, dbName);
  const drop = opts.databaseUrl ? 'SELECT 1' : `DROP DATABASE IF EXISTS ${dbName}`;

  const children: Array<ChildProcess | null> = [];
  const startOne = async (port: number) => {
    const args = opts.compiled ? ['apps/server/dist/server.js'] : ['--import', 'tsx', 'apps/server/src/server.ts'];
    const child = spawn(process.execPath, args, {
      cwd: opts.cwd ?? ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        ...opts.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server on ${port} did not start`);
  };
  let db: Database | undefined;
  let bus: Bus | undefined;
  try {
    // One after the other unless asked: the first migrates the fresh database, the next finds it
    // migrated. Together, they meet at the migration lock.
    if (opts.together) await Promise.all(opts.ports.map(startOne));
    else for (const port of opts.ports) await startOne(port);
    db = await openDatabase({ databaseUrl, poolSize: 4 });
    bus = await createRedisBus({ url: redisUrl, prefix });
  } catch (err) {
    for (const c of children) c?.kill('SIGKILL');
    if (!opts.databaseUrl) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    throw err;
  }
  const tokens = createTokenService({ jwtSecret, accessTokenTtlSeconds: 900 });
  const database = db;
  const theBus = bus;

  const stop = async (index: number, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = children[index];
    if (!child) return;
    children[index] = null;
    if (child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };

  return {
    ports: opts.ports,
    pids: children.map((c) => c?.pid ?? 0),
    db: database,
    databaseUrl,
    bus: theBus,
    jwtSecret,
    async sign(userId, companyId) {
      const [session] = await database.system((tx) =>
        tx
          .insert(sessions)
          .values({ userId, companyId, expiresAt: new Date(Date.now() + 86_400_000) })
          .returning(),
      );
      const token = await tokens.sign({ uuid: userId, companyUuids: [], roles: [], sid: session!.id, cid: companyId });
      return { token, sessionId: session!.id };
    },
    http(port, o) {
      // node:http, not fetch: fetch does not let a caller set Host.
      const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
      return new Promise((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: o.method,
            path: o.path,
            headers: {
              host: `${o.sub}.localhost:${port}`,
              accept: 'application/json',
              ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => {
              text += c.toString();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
    stop,
    async restart(index) {
      await stop(index);
      const port = opts.ports[index]!;
      await startOne(port);
      children[index] = children.pop() ?? null;
    },
    async close() {
      await Promise.all(children.map((_, i) => stop(i)));
      await theBus.close();
      await database.close();
      // Without FORCE first: the pool's last backends may take a moment to go, and killing them
      // from here would surface as an unhandled "terminating connection" error in this process.
      for (let i = 0; ; i++) {
        try {
          await admin.query(`${drop}${i < 20 || opts.databaseUrl ? '' : ' WITH (FORCE)'}`);
          break;
        } catch (err) {
          if (i >= 20) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await admin.end();
    },
  };
}
