/**
 * Start-up of the server: the TypeScript loader (`node --import tsx apps/server/src/server.ts`, how
 * `npm start` ran before the compiled build) against the compiled server (`node
 * apps/server/dist/server.js`), side by side in one run, alternating so that machine load hits both
 * alike. Measures the time from launch to the first 200 from /api/health and the resident memory of
 * the process tree at that moment (tsx keeps an esbuild service process beside node; it counts).
 *
 *   node --import tsx bench/startup.ts [rounds=7]
 *
 * Both databases start "existing": the embedded folder and the PostgreSQL database are created and
 * migrated by a first start that is not measured.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = new URL('..', import.meta.url).pathname;
const rounds = Number(process.argv[2] ?? 7);
const PORT = 3590;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const MODES = {
  loader: ['--import', 'tsx', 'apps/server/src/server.ts'],
  compiled: ['apps/server/dist/server.js'],
} as const;
type Mode = keyof typeof MODES;

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  let kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const file = `/proc/${pid}/task/${task}/children`;
    if (!existsSync(file)) continue;
    for (const child of readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean)) kb += rssKb(Number(child));
  }
  return kb;
}

async function startOnce(mode: Mode, env: NodeJS.ProcessEnv): Promise<{ ms: number; mb: number }> {
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...MODES[mode]], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${mode} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - t0;
    return { ms, mb: rssKb(child.pid!) / 1024 };
  } finally {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function compare(label: string, env: NodeJS.ProcessEnv) {
  await startOnce('compiled', { ...env, SEED_DEMO: 'false' }); // creates / migrates, not measured
  const results: Record<Mode, { ms: number[]; mb: number[] }> = {
    loader: { ms: [], mb: [] },
    compiled: { ms: [], mb: [] },
  };
  for (let i = 0; i < rounds; i++) {
    for (const mode of (i % 2 ? ['compiled', 'loader'] : ['loader', 'compiled']) as Mode[]) {
      const r = await startOnce(mode, env);
      results[mode].ms.push(r.ms);
      results[mode].mb.push(r.mb);
    }
  }
  const row = (mode: Mode) =>
    `| ${label} | ${mode === 'loader' ? '`node --import tsx …/src/server.ts`' : '`node apps/server/dist/server.js`'} | ${median(results[mode].ms).toFixed(0)} ms | ${Math.min(...results[mode].ms).toFixed(0)}–${Math.max(...results[mode].ms).toFixed(0)} ms | ${median(results[mode].mb).toFixed(0)} MB |`;
  const ratio = median(results.compiled.ms) / median(results.loader.ms);
  return { rows: [row('loader'), row('compiled')], ratio };
}

execFileSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${rounds} rounds per mode`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'wac-startup-'));
const embedded = await compare('embedded', { DATA_DIR: dataDir });
rmSync(dataDir, { recursive: true, force: true });

const name = `wac_bench_startup_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
let postgres: Awaited<ReturnType<typeof compare>>;
try {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  postgres = await compare('PostgreSQL', {
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString('base64url'),
  });
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
console.log('| Database | Start command | Launch → healthy (median) | range | Resident memory (median) |');
console.log('| --- | --- | --: | --: | --: |');
for (const r of [...embedded.rows, ...postgres.rows]) console.log(r);
console.log(
  `\ncompiled / loader start time: embedded ${(embedded.ratio * 100).toFixed(0)} %, PostgreSQL ${(postgres.ratio * 100).toFixed(0)} %`,
);
