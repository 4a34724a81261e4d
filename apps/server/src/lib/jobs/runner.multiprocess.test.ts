// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { withDatabase } from '../../test/global-setup';
import { rows } from '../../db/sql';
import { enqueueMany } from './queue';
import { createJobRunner } from './runner';

// Several runners on one PostgreSQL database, as several server processes would be (CI provides
// PostgreSQL on 127.0.0.1).
const ROOT = new URL('../../../../../', import.meta.url).pathname;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `wac_jobs_mp_${randomBytes(4).toString('hex')}`;
const url = withDatabase(adminUrl, dbName);
let admin: pg.Client;
let a: Database;
let b: Database;
let child: ChildProcess | undefined;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  a = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await a.migrate();
  b = await openDatabase({ databaseUrl: url, poolSize: 4 });
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await a?.close();
  await b?.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

const states = () =>
  a.system((tx) =>
    rows<{ state: string; n: number }>(
      tx,
      sql`SELECT state, count(*)::int AS n FROM jobs GROUP BY state ORDER BY state`,
    ),
  );

async function until(probe: () => Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('several processes on one PostgreSQL database', () => {
  it('two runners run each of 400 jobs exactly once', async () => {
    const runs = new Map<string, string[]>();
    const errors: string[] = [];
    const make = (db: Database, name: string) => {
      const r = createJobRunner({
        db,
        pollMs: 10,
        concurrency: 4,
        workerId: name,
        onError: (err, where) => errors.push(`${name} ${where}: ${err.message}`),
      });
      r.register({
        type: 'test.count',
        run: async (job) => {
          runs.set(job.id, [...(runs.get(job.id) ?? []), name]);
          await new Promise((res) => setTimeout(res, 2 + Math.random() * 3));
        },
      });
      return r;
    };
    const ra = make(a, 'A');
    const rb = make(b, 'B');
    await a.system((tx) =>
      enqueueMany(
        tx,
        Array.from({ length: 400 }, () => ({ type: 'test.count', companyId: null })),
      ),
    );
    // Both pools hold a connection before the race starts: opening one is not part of it.
    await Promise.all([a.system((tx) => rows(tx, sql`SELECT 1`)), b.system((tx) => rows(tx, sql`SELECT 1`))]);
    ra.start();
    rb.start();
    await until(async () => (await states()).every((s) => s.state === 'done'), 60_000);
    await Promise.all([ra.stop(), rb.stop()]);
    expect(errors).toEqual([]);
    expect(await states()).toEqual([{ state: 'done', n: 400 }]);
    expect(runs.size).toBe(400);
    const twice = [...runs.values()].filter((by) => by.length !== 1);
    expect(twice).toEqual([]);
    // Not asserted: that both runners took part. In CI beside the e2e tier the first runner started
    // sometimes claimed nothing for 10 s, then for 40 s, while the other held four running jobs, with
    // no error reported; not reproduced alone or under CPU load here. Open (the stop-27 note).
  }, 100_000);

  it('a job held by a process killed with SIGKILL runs again elsewhere once its lease expires', async () => {
    await a.system((tx) => tx.execute(sql`DELETE FROM jobs`));
    const ids = await a.system((tx) => enqueueMany(tx, [{ type: 'test.hang', companyId: null }]));
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/job-worker.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, LEASE_MS: '1500' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    await until(async () => out.includes(`claimed ${ids[0]}`), 30_000);
    const [held] = await a.system((tx) =>
      rows<{ state: string; locked_by: string }>(tx, sql`SELECT state, locked_by FROM jobs`),
    );
    expect(held).toEqual({ state: 'running', locked_by: 'child' });

    child.kill('SIGKILL');
    const killedAt = Date.now();
    const [lease] = await a.system((tx) =>
      rows<{ locked_until: Date | string }>(tx, sql`SELECT locked_until FROM jobs`),
    );
    const ran: Array<{ attempt: number; at: number }> = [];
    const survivor = createJobRunner({ db: b, pollMs: 50, leaseMs: 1500, workerId: 'survivor' });
    survivor.register({
      type: 'test.hang',
      run: async (job) => void ran.push({ attempt: job.attempt, at: Date.now() }),
    });
    survivor.start();
    await until(async () => (await states())[0]?.state === 'done');
    await survivor.stop();
    expect(ran).toHaveLength(1);
    expect(ran[0]!.attempt).toBe(2);
    // Not before the dead process's lease ran out, and soon after it.
    expect(ran[0]!.at).toBeGreaterThanOrEqual(new Date(lease!.locked_until).getTime() - 50);
    expect(ran[0]!.at - killedAt).toBeLessThan(10_000);
    const [job] = await a.system((tx) => rows<{ last_error: string }>(tx, sql`SELECT last_error FROM jobs`));
    expect(job!.last_error).toMatch(/lease expired/);
  }, 60_000);
});
