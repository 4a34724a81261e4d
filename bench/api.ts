/**
 * API benchmark: starts the real server on the seeded database and measures, in one run, the bare
 * primary-key select (baseline), the profiles endpoint, login, refresh, the members listing
 * (page 1, a deep page, search) and the CSV export (time to last byte, server memory).
 *
 *   node --import tsx bench/seed-scale.ts && node --import tsx bench/api.ts
 *   node --import tsx bench/seed-scale.ts --pglite bench/.out/pglite-10k && \
 *     node --import tsx bench/api.ts --engine pglite
 *   options: --duration 10 --warmup 2 --connections 10 --port 3500 --only baseline,profiles,…
 *
 * Prints a Markdown table (ready for bench/RESULTS.md) and writes the raw figures to bench/.out/.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon, { type AutocannonClient, type AutocannonOptions, type AutocannonResult } from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { createTokenService } from '../apps/server/src/lib/tokens';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, BIGCO, companyId, userId } from './lib/dataset';
import { cookiePair, cpuUsOf, DEFAULT_BENCH_DB_URL, ms, request, sleep, waitForHttp } from './lib/util';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pg' },
    'database-url': { type: 'string', default: DEFAULT_BENCH_DB_URL },
    'pglite-dir': { type: 'string', default: 'bench/.out/pglite-10k' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '3500' },
    only: { type: 'string' },
  },
});
const ENGINE = args.engine === 'pglite' ? 'pglite' : 'pg';
const DURATION = Math.min(Number(args.duration), 15);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const BASELINE_PORT = PORT + 1;
const ONLY = args.only ? new Set(args.only.split(',')) : null;
const want = (name: string) => !ONLY || ONLY.has(name);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const HOST = `${BIGCO}.localhost`;
const ROOT = new URL('..', import.meta.url).pathname;

/** The issue-4 endpoints as the admin module implements them (checked against its routes). */
const MEMBERS = {
  list: (page: number) => `/api/members?page=${page}&itemsPerPage=10`,
  search: (fragment: string) => `/api/members?page=1&itemsPerPage=10&search=${encodeURIComponent(fragment)}`,
  export: '/api/members/export.csv',
};
const AUTH = { login: '/api/jwt/login', refresh: '/api/jwt/refresh-token' };
/** A common fragment (Alexander, Anderson, Andersen… ~5% of people) and a rare surname. */
const SEARCH_FRAGMENTS = ['ander', 'okafor'];

interface Row {
  name: string;
  reqPerSec?: number;
  p50?: number;
  p99?: number;
  non2xx?: number;
  errors?: number;
  /** 1-minute load average when the row finished: the machine is shared, this says how busy it was. */
  load?: number;
  note?: string;
  /**
   * CPU time per answered request, in µs: the server process (PGlite included) and the database
   * backends of the bench database. Unlike req/s it hardly depends on what else runs on the machine.
   */
  cpuUs?: { server: number; db: number };
  /** Free-form figures (export). */
  extra?: Record<string, string | number>;
}
const rows: Row[] = [];
const children: ChildProcess[] = [];
const pidOfPort = new Map<number, number>();
let dbPids: () => Promise<number[]> = async () => [];
let endWatcher: () => Promise<void> = async () => undefined;

let cpuOfLastRun: { server: number; db: number } | undefined;

// ---------------------------------------------------------------- setup: read the dataset directly

interface Prepared {
  bigcoMembers: number;
  loginEmails: string[];
  fallbackSessionId: string;
  pgVersion: string;
}

/** Reads what the run needs from the database and opens a fallback session (used only if login is missing). */
async function prepare(): Promise<Prepared> {
  const bigco = companyId(1);
  const admin = userId(1);
  const sqls = {
    members: `SELECT count(*)::int AS n FROM memberships WHERE company_id = $1`,
    emails: `SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id
             WHERE m.company_id = $1 AND m.enabled AND u.email <> $2 ORDER BY m.created_at DESC LIMIT 500`,
    session: `INSERT INTO sessions (user_id, company_id, user_agent, ip, expires_at)
              VALUES ($1, $2, 'bench', '127.0.0.1', now() + interval '1 day') RETURNING id`,
    version: `SELECT version() AS v`,
    // Login limits count per account and IP over 15 minutes in the database; a previous run's hits
    // would make this one measure 429s.
    limits: `DELETE FROM rate_limits`,
  };
  type Q = <T>(text: string, params?: unknown[]) => Promise<T[]>;
  const run = async (q: Q): Promise<Prepared> => {
    const [m] = await q<{ n: number }>(sqls.members, [bigco]);
    const emails = await q<{ email: string }>(sqls.emails, [bigco, BENCH_ADMIN_EMAIL]);
    const [s] = await q<{ id: string }>(sqls.session, [admin, bigco]);
    const [v] = await q<{ v: string }>(sqls.version);
    await q(sqls.limits);
    return {
      bigcoMembers: m!.n,
      loginEmails: emails.map((e) => e.email),
      fallbackSessionId: s!.id,
      pgVersion: v!.v.split(' on ')[0]!,
    };
  };
  if (ENGINE === 'pg') {
    const client = new pg.Client({ connectionString: args['database-url'] });
    await client.connect();
    try {
      return await run(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  const db = await openDatabase({ dataDir: args['pglite-dir'] });
  try {
    return await run(async (text, params) => (await db.pglite!.query(text, params)).rows as never);
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------- processes

function start(name: string, script: string, env: Record<string, string>, port: number): Promise<ChildProcess> {
  // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=bench/.out/prof") reach the server processes.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  pidOfPort.set(port, child.pid!);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  child.on('exit', (code) => {
    if (code && code !== 0) console.error(`${name} exited ${code}:\n${stderr}`);
  });
  return waitForHttp(port, HOST, '/').then(() => child);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}
const mb = (bytes: number) =>
  Math.abs(bytes) < 1048576 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

// ---------------------------------------------------------------- measuring

async function cannon(
  opts: Omit<AutocannonOptions, 'url' | 'connections' | 'duration'> & { path?: string },
  port = PORT,
) {
  const { path = '/', ...rest } = opts;
  const base = { url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, ...rest };
  if (WARMUP > 0) await autocannon({ ...base, duration: WARMUP });
  const serverPid = pidOfPort.get(port);
  // Per backend: one that the pool opened during the run counts from 0, one that ended is lost.
  const before = new Map((await dbPids()).map((p) => [p, cpuUsOf(p)]));
  const serverBefore = serverPid ? cpuUsOf(serverPid) : 0;
  const result = await autocannon({ ...base, duration: DURATION });
  const answered = result.requests.total || 1;
  const serverUs = (serverPid ? cpuUsOf(serverPid) : 0) - serverBefore;
  const dbUs = (await dbPids()).reduce((t, p) => t + cpuUsOf(p) - (before.get(p) ?? 0), 0);
  cpuOfLastRun = { server: Math.round(serverUs / answered), db: Math.round(dbUs / answered) };
  return result;
}

function record(name: string, r: AutocannonResult, note?: string): Row {
  const row: Row = {
    name,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    load: os.loadavg()[0],
    cpuUs: cpuOfLastRun,
    note,
  };
  cpuOfLastRun = undefined;
  const codes = Object.entries(r.statusCodeStats ?? {})
    .filter(([c]) => !c.startsWith('2'))
    .map(([c, s]) => `${s.count}×${c}`);
  if (codes.length) row.note = [note, `non-2xx: ${codes.join(', ')}`].filter(Boolean).join('; ');
  rows.push(row);
  console.log(
    `  ${name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms` +
      (r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''),
  );
  return row;
}

function skip(name: string, why: string) {
  rows.push({ name, note: `not measured: ${why}` });
  console.log(`  ${name.padEnd(44)} skipped: ${why}`);
}

/** One request first: a benchmark of an error page measures nothing. */
async function probe(path: string, headers: Record<string, string>, method = 'GET', body?: unknown) {
  const r = await request(PORT, { method, path, host: HOST, headers, body });
  const ok = r.status >= 200 && r.status < 300;
  let code = '';
  if (!ok) {
    try {
      code = (JSON.parse(r.body) as { code?: string }).code ?? '';
    } catch {
      code = r.body.slice(0, 60);
    }
  }
  return { ok, why: `${r.status} ${code}`.trim(), answer: r };
}

async function measureGet(name: string, path: string, headers: Record<string, string>, note?: string) {
  if (!want(name.split(' ')[0]!)) return;
  const p = await probe(path, headers);
  if (!p.ok) return skip(name, `GET ${path.split('?')[0]} answers ${p.why}`);
  const r = await cannon({ method: 'GET', path, headers: { host: HOST, ...headers } });
  record(name, r, note);
}

interface Login {
  accessToken: string;
  cookie: string | null;
}
async function login(email: string, xff: string): Promise<Login | { error: string }> {
  const r = await request(PORT, {
    method: 'POST',
    path: AUTH.login,
    host: HOST,
    headers: { 'x-forwarded-for': xff },
    body: { email, password: BENCH_PASSWORD },
  });
  if (r.status !== 200) return { error: `${r.status} ${r.body.slice(0, 80)}` };
  const body = JSON.parse(r.body) as { accessToken: string };
  return { accessToken: body.accessToken, cookie: cookiePair(r.headers['set-cookie']) };
}

async function measureLogin(emails: string[]) {
  let n = 0;
  // Distinct accounts and client addresses: the per-account and per-IP limits exist to stop
  // guessing, and would otherwise turn this into a benchmark of the 429 page.
  const r = await cannon({
    requests: [
      {
        method: 'POST',
        path: AUTH.login,
        setupRequest: (req) => {
          n++;
          return {
            ...req,
            headers: {
              host: HOST,
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({ email: emails[n % emails.length], password: BENCH_PASSWORD }),
          };
        },
      },
    ],
  });
  record('login (POST /api/jwt/login)', r, 'Argon2id verify per request (~130 ms of CPU, by design)');
}

/**
 * Refresh rotates the cookie on every call, so each connection carries its own session and sends,
 * on each request, the cookie the previous response set: 10 concurrent rotation chains. Fresh
 * sessions for the warm-up and for the measured run, because a request cut off at the end of a
 * run may have rotated server-side without the client seeing the new cookie (its next use would
 * be a reuse and revoke the family, as designed).
 */
async function measureRefresh(emails: string[]) {
  const chains = async (duration: number, offset: number) => {
    const cookies: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const l = await login(emails[(offset + i) % emails.length]!, `10.200.${offset}.${i}`);
      if ('error' in l || !l.cookie)
        throw new Error(`login for refresh failed: ${'error' in l ? l.error : 'no cookie'}`);
      cookies.push(l.cookie);
    }
    const cookieName = cookies[0]!.split('=')[0]!;
    let next = 0;
    const setupClient = (client: AutocannonClient) => {
      const i = next++ % CONNECTIONS;
      const headersFor = () => ({
        host: HOST,
        'content-type': 'application/json',
        cookie: cookies[i]!,
        'x-forwarded-for': `10.201.${offset}.${i}`,
      });
      client.setHeaders(headersFor());
      client.on('headers', ({ headers }) => {
        for (let k = 0; k < headers.length; k += 2) {
          if (headers[k]!.toLowerCase() !== 'set-cookie') continue;
          const pair = cookiePair(headers[k + 1]!, cookieName);
          if (pair && pair !== `${cookieName}=`) cookies[i] = pair;
        }
        client.setHeaders(headersFor());
      });
    };
    return autocannon({
      url: `http://127.0.0.1:${PORT}${AUTH.refresh}`,
      connections: CONNECTIONS,
      duration,
      method: 'POST',
      body: '{}',
      setupClient,
    });
  };
  if (WARMUP > 0) await chains(WARMUP, 0);
  const r = await chains(DURATION, 1);
  record(
    'refresh (POST /api/jwt/refresh-token)',
    r,
    `${CONNECTIONS} sessions, each rotated in sequence by one connection`,
  );
}

/** Downloads the export once while sampling the server's memory; the peak counter is reset first. */
async function measureExport(serverPid: number, headers: Record<string, string>, label: string) {
  const before = memoryOf(serverPid);
  try {
    // Writing 5 resets VmHWM (peak RSS) to the current RSS, so the peak is this download's.
    writeFileSync(`/proc/${serverPid}/clear_refs`, '5');
  } catch {
    // Without the right to reset, the peak since start is reported (an upper bound).
  }
  let sampledPeak = before.rss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(serverPid).rss);
  }, 20);
  const t0 = performance.now();
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, path: MEMBERS.export, headers: { host: HOST, ...headers } },
      (res) => {
        res.on('data', (c: Buffer) => {
          if (!firstByte) firstByte = performance.now() - t0;
          bytes += c.length;
          for (const b of c) if (b === 10) lines++;
        });
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
  const total = performance.now() - t0;
  clearInterval(sampler);
  if (status !== 200) {
    skip('export CSV', `GET ${MEMBERS.export} answers ${status}`);
    return status;
  }
  const after = memoryOf(serverPid);
  const peak = Math.max(after.hwm, sampledPeak);
  const row: Row = {
    name: label,
    extra: {
      'time to first byte': ms(firstByte),
      'time to last byte': ms(total),
      rows: Math.max(lines - 1, 0),
      size: mb(bytes),
      'server RSS before': mb(before.rss),
      'server peak RSS': mb(peak),
      'peak − before': mb(peak - before.rss),
    },
  };
  rows.push(row);
  console.log(`  ${label.padEnd(44)} ${JSON.stringify(row.extra)}`);
  return status;
}

// ---------------------------------------------------------------- the run

let loadAtStart = 0;
async function main() {
  const startedAt = new Date();
  loadAtStart = os.loadavg()[0]!;
  console.log(`API benchmark on ${ENGINE === 'pg' ? 'PostgreSQL' : 'PGlite (embedded)'}, ${startedAt.toISOString()}`);
  const prep = await prepare();
  if (ENGINE === 'pg') {
    // The backends serving the bench database (the servers' pools); this client's own is left out.
    const watcher = new pg.Client({ connectionString: args['database-url'] });
    await watcher.connect();
    dbPids = async () =>
      (
        await watcher.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
      ).rows.map((r) => r.pid);
    endWatcher = () => watcher.end();
  }
  console.log(`  bigco has ${prep.bigcoMembers} members; ${prep.loginEmails.length} member accounts for login`);
  const dbEnv: Record<string, string> =
    ENGINE === 'pg' ? { DATABASE_URL: args['database-url'] } : { DATA_DIR: args['pglite-dir'] };
  const pkPath = `/pk/${userId(4242)}`;

  // Baseline. PGlite is single-process, so its baseline must release the data folder before the server opens it.
  let baseline: Row | undefined;
  if (want('baseline')) {
    const b = await start(
      'baseline',
      'bench/lib/baseline-server.ts',
      { ...dbEnv, BASELINE_PORT: String(BASELINE_PORT) },
      BASELINE_PORT,
    );
    const label = ENGINE === 'pg' ? 'baseline: bare pg primary-key select' : 'baseline: bare PGlite primary-key select';
    baseline = record(label, await cannon({ path: pkPath, headers: { host: HOST } }, BASELINE_PORT));
    if (ENGINE === 'pglite') await stop(b);
  }

  const serverEnv = {
    ...dbEnv,
    HOST: '127.0.0.1',
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // Login and refresh benches spread requests over client addresses (X-Forwarded-For).
    TRUST_PROXY: '1',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
  };
  const server = await start('server', 'apps/server/src/server.ts', { ...serverEnv, PORT: String(PORT) }, PORT);
  console.log(`  server pid ${server.pid}, RSS at rest ${mb(memoryOf(server.pid!).rss)}`);

  // An admin's token: from the real login when it exists, else signed for a session row opened in prepare().
  let tokenSource: string;
  let token: string;
  const l = await login(BENCH_ADMIN_EMAIL, '10.250.0.1');
  if ('error' in l) {
    const tokens = createTokenService({ jwtSecret: JWT_SECRET, accessTokenTtlSeconds: 3600 });
    token = await tokens.sign({
      uuid: userId(1),
      companyUuids: [companyId(1)],
      roles: [],
      sid: prep.fallbackSessionId,
      cid: companyId(1),
    });
    tokenSource = `signed with lib/tokens.ts for a session row inserted directly (login answered ${l.error.slice(0, 40)})`;
  } else {
    token = l.accessToken;
    tokenSource = 'POST /api/jwt/login as a bigco admin';
  }
  console.log(`  admin token: ${tokenSource}`);
  const auth = { authorization: `Bearer ${token}` };

  await measureGet(
    'profiles GET /api/users/{uuid}/user_company_profiles?itemsPerPage=50',
    `/api/users/${userId(1)}/user_company_profiles?itemsPerPage=50`,
    auth,
  );

  const deepPage = Math.floor(prep.bigcoMembers / 20);
  await measureGet('members page 1', MEMBERS.list(1), auth);
  await measureGet(`members page ${deepPage} (of ${prep.bigcoMembers / 10})`, MEMBERS.list(deepPage), auth);
  for (const f of SEARCH_FRAGMENTS) {
    if (!want('search')) break;
    const p = await probe(MEMBERS.search(f), auth);
    const total = p.ok ? (JSON.parse(p.answer.body) as { totalItems?: number }).totalItems : undefined;
    await measureGet(
      `search members "${f}"`,
      MEMBERS.search(f),
      auth,
      total !== undefined ? `${total} matches` : undefined,
    );
  }

  // The same searches on a second server that remembers nothing (LISTING_CACHE=false): every request
  // runs the search itself — what a first search, or a search nobody ran before, costs.
  if (want('search-cold') && ENGINE === 'pg') {
    const coldPort = PORT + 2;
    const cold = await start(
      'server (LISTING_CACHE=false)',
      'apps/server/src/server.ts',
      { ...serverEnv, PORT: String(coldPort), LISTING_CACHE: 'false' },
      coldPort,
    );
    for (const f of SEARCH_FRAGMENTS) {
      record(
        `search members "${f}", LISTING_CACHE=false`,
        await cannon({ method: 'GET', path: MEMBERS.search(f), headers: { host: HOST, ...auth } }, coldPort),
        'every request runs the search',
      );
    }
    await stop(cold);
  }

  if (want('export')) {
    const first = await measureExport(server.pid!, auth, `export CSV of ${prep.bigcoMembers} members (1st)`);
    if (first === 200) await measureExport(server.pid!, auth, `export CSV of ${prep.bigcoMembers} members (2nd)`);
  }

  if (want('login')) {
    if ('error' in l) skip('login (POST /api/jwt/login)', `answers ${l.error.slice(0, 40)}`);
    else await measureLogin(prep.loginEmails);
  }
  if (want('refresh')) {
    if ('error' in l) skip('refresh (POST /api/jwt/refresh-token)', 'login is missing');
    else if (!l.cookie) skip('refresh (POST /api/jwt/refresh-token)', 'login set no cookie');
    else await measureRefresh(prep.loginEmails);
  }

  if (want('baseline') && ENGINE === 'pg') {
    record(
      'baseline again, at the end (drift check)',
      await cannon({ path: pkPath, headers: { host: HOST } }, BASELINE_PORT),
    );
  }
  console.log(
    `  server RSS after the run ${mb(memoryOf(server.pid!).rss)}, peak since start ${mb(memoryOf(server.pid!).hwm)}`,
  );

  report(startedAt, prep, baseline, tokenSource);
}

function report(startedAt: Date, prep: Prepared, baseline: Row | undefined, tokenSource: string) {
  const cpu = os.cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model.trim()}, ${mb(os.totalmem())} RAM, Node ${process.version}, ${prep.pgVersion}${ENGINE === 'pglite' ? ' (PGlite)' : ''}; server, database and load generator share the same ${cpu.length} cores`;
  const ratio = (v: number | undefined, b: number | undefined, inverse = false) =>
    v === undefined || !b ? '' : inverse ? `${(v / b).toFixed(1)}×` : `${Number((v / b).toPrecision(2))}`;
  const cpuTotal = (r: Row | undefined) => (r?.cpuUs ? r.cpuUs.server + r.cpuUs.db : undefined);
  const cpuCell = (r: Row) => (r.cpuUs ? `${r.cpuUs.server} + ${r.cpuUs.db}` : '');
  // How many baseline requests the same CPU would answer: the load-independent form of "req/s vs baseline".
  const cpuRatio = (r: Row) => {
    const b = cpuTotal(baseline);
    const v = cpuTotal(r);
    return b && v ? `${Number((b / v).toPrecision(2))}` : '';
  };
  const lines = [
    `| Measurement | req/s | p50 ms | p99 ms | req/s vs baseline | p99 vs baseline | CPU µs/req server + db | CPU vs baseline | load | Notes |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---|`,
  ];
  for (const r of rows) {
    if (r.extra) continue;
    const errs = r.errors ? `; ${r.errors} errors/timeouts` : '';
    lines.push(
      `| ${r.name} | ${r.reqPerSec?.toFixed(0) ?? '–'} | ${r.p50 ?? '–'} | ${r.p99 ?? '–'} | ${ratio(r.reqPerSec, baseline?.reqPerSec)} | ${ratio(r.p99, baseline?.p99, true)} | ${cpuCell(r)} | ${cpuRatio(r)} | ${r.load?.toFixed(1) ?? ''} | ${(r.note ?? '') + errs} |`,
    );
  }
  const exports = rows.filter((r) => r.extra);
  if (exports.length) {
    const keys = Object.keys(exports[0]!.extra!);
    lines.push('', `| Export | ${keys.join(' | ')} | Notes |`, `|---|${keys.map(() => '---:').join('|')}|---|`);
    for (const r of exports)
      lines.push(`| ${r.name} | ${keys.map((k) => r.extra![k]).join(' | ')} | ${r.note ?? ''} |`);
  }
  const md = [
    `Run ${startedAt.toISOString()} · ${ENGINE === 'pg' ? 'PostgreSQL' : 'PGlite (embedded)'} · ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per row · bigco ${prep.bigcoMembers} members`,
    `Machine: ${machine}`,
    `Load average (1 min) at start ${loadAtStart.toFixed(1)}, at end ${os.loadavg()[0]!.toFixed(1)} (the "load" column: when each row ended)`,
    `Admin token: ${tokenSource}`,
    '',
    ...lines,
  ].join('\n');
  console.log(`\n${md}\n`);
  mkdirSync(new URL('./.out', import.meta.url), { recursive: true });
  const file = new URL(`./.out/api-${ENGINE}-${startedAt.toISOString().replaceAll(':', '-')}`, import.meta.url)
    .pathname;
  writeFileSync(`${file}.md`, `${md}\n`);
  writeFileSync(`${file}.json`, JSON.stringify({ startedAt, engine: ENGINE, machine, rows }, null, 2));
  console.log(`figures written to ${file}.{md,json}`);
}

try {
  await main();
} finally {
  for (const c of children) await stop(c);
  await endWatcher();
}
