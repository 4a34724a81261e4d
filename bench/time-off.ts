/**
 * Time-off benchmark: one person's balances, approving a request and the team calendar of a month
 * for a 1,000-person department, each as a ratio to the bare primary-key select of the same run.
 * PostgreSQL only; it builds its own database (`wac_bench_timeoff`, dropped and recreated) so it
 * never touches the shared 1M dataset:
 *
 *   node --import tsx bench/time-off.ts                      # 20,000 people, a 1,000-person department
 *   options: --people 100000 --dept 1000 --duration 5 --warmup 1 --connections 10 --port 3560 --reuse
 *            --only org,directory   (only the measurements whose names contain one of the words)
 *
 * Every person has a grant and some adjustments in the ledger (balances are sums of rows); the
 * department has one approved request each in March 2030; everyone has an employee record (the
 * department's people report to its first person, everyone else sits in a tree of eight reports a
 * manager); `--pending` people have a pending
 * request, approved one by one by the admin during the approval run. Prints a Markdown table.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { createSchedule } from '../apps/server/src/db/seed/attendance-factories';
import { addMembership, createCompany, createDepartment, createUser } from '../apps/server/src/db/seed/factories';
import { createTimeOffType } from '../apps/server/src/db/seed/time-off-factories';
import { createTokenService } from '../apps/server/src/lib/tokens';
import { DEFAULT_BENCH_DB_URL, sleep, waitForHttp, withDatabase } from './lib/util';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: withDatabase(DEFAULT_BENCH_DB_URL, 'wac_bench_timeoff') },
    people: { type: 'string', default: '20000' },
    dept: { type: 'string', default: '1000' },
    pending: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '3560' },
    /** Measure the database a previous run built (its people and pending pool as they are now). */
    reuse: { type: 'boolean', default: false },
    /** Only the measurements whose names contain one of these comma-separated words (the baseline always runs). */
    only: { type: 'string', default: '' },
  },
});
const URL_ = args['database-url']!;
if (!new URL(URL_).pathname.includes('bench')) throw new Error('the database name must contain "bench"');
const PEOPLE = Number(args.people);
const DEPT = Math.min(Number(args.dept), PEOPLE - 1);
const PENDING = Math.min(Number(args.pending), PEOPLE - 1);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const BASELINE_PORT = PORT + 1;
const HOST = 'tobench.localhost';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const ROOT = new URL('..', import.meta.url).pathname;

async function recreate() {
  const u = new URL(URL_);
  const name = u.pathname.slice(1);
  const admin = new pg.Client({ connectionString: withDatabase(URL_, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

interface World {
  companyId: string;
  adminId: string;
  departmentId: string;
  person: string;
  /** The department's manager (person 1): the org chart's level of DEPT - 1 reports. */
  manager: string;
  /** A manager in the tree of everyone else (person DEPT + 2): eight reports, each with eight. */
  typicalManager: string;
  sessionId: string;
  pendingIds: string[];
}

async function seed(): Promise<World> {
  const db = await openDatabase({ databaseUrl: URL_ });
  await db.migrate();
  const started = Date.now();
  const w = await db.system(async (tx) => {
    const company = await createCompany(tx, { name: 'Time-off bench', subDomain: 'tobench' });
    const admin = await createUser(tx, { email: 'admin@tobench.test', firstName: 'Ada', lastName: 'Admin' });
    await addMembership(tx, company.id, admin.id, { roles: ['admin'] });
    const dept = await createDepartment(tx, company.id, { name: 'Big department' });
    await createSchedule(tx, company.id, { name: 'Office', isDefault: true });
    const vacation = await createTimeOffType(tx, company.id, {
      name: 'Vacation',
      yearlyAllowance: 25,
      carryOverCap: 5,
    });
    const sick = await createTimeOffType(tx, company.id, {
      name: 'Sick leave',
      yearlyAllowance: 10,
      allowNegative: true,
    });
    return { company: company.id, admin: admin.id, dept: dept.id, vacation: vacation.id, sick: sick.id };
  });
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  const q = (text: string, params: unknown[] = []) => client.query(text, params);
  await q(
    `INSERT INTO users (email, first_name, last_name)
     SELECT 'p' || n || '@tobench.test', 'Person', 'Number ' || lpad(n::text, 6, '0') FROM generate_series(1, $1) n`,
    [PEOPLE],
  );
  await q(
    `INSERT INTO memberships (company_id, user_id, roles)
     SELECT $1, id, '{member}' FROM users WHERE email LIKE 'p%@tobench.test'`,
    [w.company],
  );
  // The department: the first DEPT people, reporting to person 1.
  await q(
    `INSERT INTO employees (company_id, user_id, department_id, manager_user_id)
     SELECT $1, u.id, $2, CASE WHEN n = 1 THEN NULL ELSE (SELECT id FROM users WHERE email = 'p1@tobench.test') END
       FROM generate_series(1, $3) n JOIN users u ON u.email = 'p' || n || '@tobench.test'`,
    [w.company, w.dept, DEPT],
  );
  // Everyone else has a record too, in a tree of eight reports a manager, under person DEPT + 1
  // (a company that runs People keeps a record for each member; the org chart's plans depend on it).
  await q(
    `INSERT INTO employees (company_id, user_id, job_title, manager_user_id)
     SELECT $1, u.id, (ARRAY['Engineer', 'Analyst', 'Designer', 'Support agent', 'Sales manager'])[1 + n % 5],
            CASE WHEN n = $2::int + 1 THEN NULL ELSE (SELECT id FROM users WHERE email = 'p' || ($2::int + 1 + (n - $2::int - 2) / 8) || '@tobench.test') END
       FROM generate_series($2::int + 1, $3::int) n JOIN users u ON u.email = 'p' || n || '@tobench.test'`,
    [w.company, DEPT, PEOPLE],
  );
  // Everyone: this year's grants of both types, and an adjustment for every tenth person.
  await q(
    `INSERT INTO time_off_ledger (company_id, user_id, type_id, kind, amount, effective_date, period)
     SELECT $1, m.user_id, t.id, 'grant', t.yearly_allowance, '2030-01-01', '2030'
       FROM memberships m CROSS JOIN time_off_types t WHERE m.company_id = $1 AND t.company_id = $1`,
    [w.company],
  );
  await q(
    `INSERT INTO time_off_ledger (company_id, user_id, type_id, kind, amount, effective_date, reason)
     SELECT $1, m.user_id, $2, 'adjustment', 1, '2030-02-01', 'Bench'
       FROM memberships m WHERE m.company_id = $1 AND hashtext(m.user_id::text) % 10 = 0`,
    [w.company, w.vacation],
  );
  // The department in March: two days each, approved, taken in the ledger.
  await q(
    `WITH r AS (
       INSERT INTO time_off_requests (company_id, user_id, type_id, start_date, end_date, amount, status, decided_by, decided_at)
       SELECT $1, e.user_id, $2, d, d + 1, 2, 'approved', $3, now()
         FROM (SELECT user_id, DATE '2030-03-04' + (row_number() OVER (ORDER BY user_id) % 20)::int AS d
                 FROM employees WHERE company_id = $1 AND department_id = $4) e
       RETURNING id, user_id, start_date)
     INSERT INTO time_off_ledger (company_id, user_id, type_id, kind, amount, effective_date, request_id)
     SELECT $1, user_id, $2, 'taken', -2, start_date, id FROM r`,
    [w.company, w.vacation, w.admin, w.dept],
  );
  // The approval pool: one pending day each for PENDING people, in June.
  const pending = await q(
    `INSERT INTO time_off_requests (company_id, user_id, type_id, start_date, end_date, amount, status)
     SELECT $1, m.user_id, $2, DATE '2030-06-03' + (hashtext(m.user_id::text) & 15), DATE '2030-06-03' + (hashtext(m.user_id::text) & 15), 1, 'pending'
       FROM (SELECT user_id FROM memberships WHERE company_id = $1 AND user_id <> $3 ORDER BY user_id LIMIT $4) m
     RETURNING id`,
    [w.company, w.vacation, w.admin, PENDING],
  );
  const [person] = (
    await q(`SELECT user_id FROM employees WHERE company_id = $1 AND department_id = $2 LIMIT 1 OFFSET 7`, [
      w.company,
      w.dept,
    ])
  ).rows;
  const [session] = (
    await q(
      `INSERT INTO sessions (user_id, company_id, user_agent, ip, expires_at)
       VALUES ($1, $2, 'bench', '127.0.0.1', now() + interval '1 day') RETURNING id`,
      [w.admin, w.company],
    )
  ).rows;
  const [manager] = (await q(`SELECT id FROM users WHERE email = 'p1@tobench.test'`)).rows;
  const [typical] = (await q(`SELECT id FROM users WHERE email = $1`, [`p${DEPT + 2}@tobench.test`])).rows;
  await q('ANALYZE');
  const [c] = (await q('SELECT count(*)::int AS n FROM time_off_ledger')).rows;
  console.log(
    `  seeded ${PEOPLE} people, ${c.n} ledger rows, ${pending.rowCount} pending requests in ${Date.now() - started} ms`,
  );
  await client.end();
  await db.close();
  return {
    companyId: w.company,
    adminId: w.admin,
    departmentId: w.dept,
    person: person.user_id,
    manager: manager.id,
    typicalManager: typical.id,
    sessionId: session.id,
    pendingIds: pending.rows.map((r) => r.id as string),
  };
}

/** The world a previous run left: the same company, a fresh admin session, the pending requests left. */
async function reuse(): Promise<World> {
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  const one = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows[0];
  const c = await one(`SELECT id FROM companies WHERE sub_domain = 'tobench'`);
  const a = await one(`SELECT id FROM users WHERE email = 'admin@tobench.test'`);
  const d = await one(`SELECT id FROM departments WHERE company_id = $1`, [c.id]);
  const p = await one(`SELECT user_id FROM employees WHERE company_id = $1 AND department_id = $2 LIMIT 1 OFFSET 7`, [
    c.id,
    d.id,
  ]);
  const s = await one(
    `INSERT INTO sessions (user_id, company_id, user_agent, ip, expires_at)
     VALUES ($1, $2, 'bench', '127.0.0.1', now() + interval '1 day') RETURNING id`,
    [a.id, c.id],
  );
  const m = await one(`SELECT id FROM users WHERE email = 'p1@tobench.test'`);
  const dept = await one(`SELECT count(*)::int AS n FROM employees WHERE company_id = $1 AND department_id = $2`, [
    c.id,
    d.id,
  ]);
  const tm = await one(`SELECT id FROM users WHERE email = $1`, [`p${dept.n + 2}@tobench.test`]);
  const pending = await client.query(`SELECT id FROM time_off_requests WHERE company_id = $1 AND status = 'pending'`, [
    c.id,
  ]);
  await client.end();
  console.log(`  reusing ${URL_}: ${pending.rowCount} pending requests left`);
  return {
    companyId: c.id,
    adminId: a.id,
    departmentId: d.id,
    person: p.user_id,
    manager: m.id,
    typicalManager: tm.id,
    sessionId: s.id,
    pendingIds: pending.rows.map((r) => r.id as string),
  };
}

const children: ChildProcess[] = [];
function start(script: string, env: Record<string, string>, port: number) {
  // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=bench/.out/prof") reach the server processes.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return waitForHttp(port, HOST, '/').then(() => child);
}
async function stopAll() {
  for (const c of children) {
    if (c.exitCode !== null) continue;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (c.exitCode === null) c.kill('SIGKILL');
  }
}

interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
}
const rows: Row[] = [];
const ONLY = args.only!.split(',').filter(Boolean);
const skipped = (name: string) =>
  ONLY.length > 0 && !name.startsWith('baseline') && !ONLY.some((w) => name.includes(w));
async function measure(name: string, opts: Omit<AutocannonOptions, 'duration'>, warm = true) {
  if (skipped(name)) return { name, reqPerSec: 0, p50: 0, p99: 0, non2xx: 0 };
  const base = { connections: CONNECTIONS, ...opts };
  if (warm && WARMUP > 0) await autocannon({ ...base, duration: WARMUP });
  const r: AutocannonResult = await autocannon({ ...base, duration: DURATION });
  const row = { name, reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
  rows.push(row);
  console.log(
    `  ${name.padEnd(52)} ${row.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${row.non2xx}`,
  );
  return row;
}

async function main() {
  const startedAt = new Date();
  console.log(`Time-off benchmark on PostgreSQL, ${startedAt.toISOString()}, load ${os.loadavg()[0]!.toFixed(1)}`);
  let w: World;
  if (args.reuse) w = await reuse();
  else {
    await recreate();
    w = await seed();
  }
  const tokens = createTokenService({ jwtSecret: JWT_SECRET, accessTokenTtlSeconds: 3600 });
  const token = await tokens.sign({
    uuid: w.adminId,
    companyUuids: [w.companyId],
    roles: [],
    sid: w.sessionId,
    cid: w.companyId,
  });
  const headers = { host: HOST, authorization: `Bearer ${token}`, accept: 'application/json' };

  await start(
    'bench/lib/baseline-server.ts',
    { DATABASE_URL: URL_, BASELINE_PORT: String(BASELINE_PORT) },
    BASELINE_PORT,
  );
  // No job runner in the measured process: approving still enqueues its mail job in the transaction.
  await start(
    'apps/server/src/server.ts',
    {
      DATABASE_URL: URL_,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    },
    PORT,
  );
  const url = (path: string, port = PORT) => `http://127.0.0.1:${port}${path}`;
  // A fresh process: compile the hot paths and prepare the statements on every pooled connection first.
  for (const path of [`/api/time-off/balances?userUuid=${w.person}`, `/api/time-off/requests?userUuid=${w.person}`]) {
    await autocannon({ url: url(path), headers, connections: CONNECTIONS, duration: 2 });
  }
  const baseline = await measure('baseline: bare pg primary-key select', {
    url: url(`/pk/${w.person}`, BASELINE_PORT),
    headers: { host: HOST },
  });
  await measure("one person's balances (admin reads a member)", {
    url: url(`/api/time-off/balances?userUuid=${w.person}`),
    headers,
  });
  await measure('own request history, page 1', { url: url(`/api/time-off/requests?userUuid=${w.person}`), headers });
  await measure(`team calendar, March, ${DEPT}-person department, 50 a page`, {
    url: url(`/api/time-off/calendar?month=2030-03&departmentUuid=${w.departmentId}&itemsPerPage=50`),
    headers,
  });
  await measure(`team calendar, March, ${DEPT}-person department, page 10`, {
    url: url(`/api/time-off/calendar?month=2030-03&departmentUuid=${w.departmentId}&itemsPerPage=50&page=10`),
    headers,
  });
  // People (issue 9): the directory and the org chart over the same company.
  await measure(`directory, page 1 by name (${PEOPLE.toLocaleString('en')} people)`, {
    url: url('/api/employees?page=1'),
    headers,
  });
  await measure('directory search "num" (every name matches)', { url: url('/api/employees?search=num'), headers });
  await measure('directory search "000421" (one match)', { url: url('/api/employees?search=000421'), headers });
  // The console asks a level 100 people at a time (ORG_PAGE), then 100 more at each "Show more".
  await measure(`org chart: one manager's reports (${DEPT - 1}, first 100)`, {
    url: url(`/api/employees/org-chart?managerUuid=${w.manager}&limit=100&offset=0`),
    headers,
  });
  await measure(`org chart: one manager's reports (${DEPT - 1}, the last 100: "Show more" nine times)`, {
    url: url(`/api/employees/org-chart?managerUuid=${w.manager}&limit=100&offset=${Math.max(0, DEPT - 101)}`),
    headers,
  });
  await measure("org chart: a typical manager's reports (8, each with 8)", {
    url: url(`/api/employees/org-chart?managerUuid=${w.typicalManager}&limit=100&offset=0`),
    headers,
  });
  // One caller: the top judges every member (about a second at 100,000), and ten at once time out.
  await measure('org chart: the top (people without a current manager), one caller', {
    url: url('/api/employees/org-chart?limit=100&offset=0'),
    headers,
    connections: 1,
  });
  await measure('pending approvals count (admin, whole company)', {
    url: url('/api/time-off/approvals/count'),
    headers,
  });
  let i = 0;
  const approve = await measure(
    'approving a request (each call a different request)',
    {
      url: url('/'),
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          body: '{"comment":"ok"}',
          setupRequest: (req) => ({
            ...req,
            path: `/api/time-off/requests/${w.pendingIds[i++ % w.pendingIds.length]}/approve`,
          }),
        },
      ],
    },
    false,
  );
  if (i > w.pendingIds.length) console.log('  (the pool ran out: later approvals answered 409)');
  await stopAll();

  const ratio = (v: number, b: number) => (b > 0 ? `${(v / b).toFixed(2)}×` : '–');
  const table = [
    `Time-off benchmark, ${startedAt.toISOString().slice(0, 16)} UTC, PostgreSQL, ${PEOPLE.toLocaleString('en')} people, ${CONNECTIONS} connections, ${DURATION} s each`,
    '',
    '| Measurement | req/s | p50 ms | p99 ms | p99 vs baseline | non-2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r === baseline ? '1.00×' : ratio(r.p99, baseline.p99)} | ${r.non2xx} |`,
    ),
    '',
    `Approvals made: ${Math.min(i, w.pendingIds.length)} of a pool of ${w.pendingIds.length}; p99 of approving ${approve.p99} ms.`,
  ].join('\n');
  console.log(`\n${table}`);
  mkdirSync(new URL('.out/', import.meta.url), { recursive: true });
  writeFileSync(new URL('.out/time-off.md', import.meta.url), `${table}\n`);
}

main().catch(async (err) => {
  console.error(err);
  await stopAll();
  process.exit(1);
});
