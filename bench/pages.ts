/**
 * Company pages, navbar search and presence (issue 13), on two real server processes, PostgreSQL
 * and Redis:
 *   node --import tsx bench/pages.ts [--members 100000] [--sockets 2000] [--changes 50] [--duration 10]
 * Measures, at 10 connections and next to the bare primary-key select of the same run: the public
 * page's JSON answer (with presence) and its HTML; the navbar search for a three-letter query in a
 * company of `--members` members; and how long a presence change (a tab opened or closed on one
 * process) takes to reach a console subscribed on the other, with `--sockets` sockets connected.
 * Prints a Markdown section for bench/RESULTS.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { companyChannel, userChannel } from '@wac/shared/realtime';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCluster } from '../apps/server/src/test/cluster';
import { TestSocket } from '../apps/server/src/test/ws-client';
import { cpuUsOf, sleep, waitForHttp } from './lib/util';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    sockets: { type: 'string', default: '2000' },
    changes: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
  },
});
const MEMBERS = Number(args.members);
const SOCKETS = Number(args.sockets);
const CHANGES = Number(args.changes);
const DURATION = Number(args.duration);
const log = (...a: unknown[]) => console.log(...a);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const cluster = await startCluster({ ports: [3440, 3441], label: 'pages' });
const [A, B] = cluster.ports as [number, number];
let baseline: ChildProcess | null = null;
try {
  // ---- Seed: one company of MEMBERS members (set-based; the triggers fill member_search) ----
  const t0 = performance.now();
  // A plain connection (no statement timeout): the set-based inserts run for a while at 100,000.
  const seed = new pg.Client({ connectionString: cluster.databaseUrl });
  await seed.connect();
  const one = async <T>(text: string, values: unknown[] = []) => (await seed.query(text, values)).rows as T[];
  const [c] = await one<{ id: string }>(
    `INSERT INTO companies (name, sub_domain, title) VALUES ('Big Co', 'bigco', 'Big Co') RETURNING id`,
  );
  for (let from = 1; from <= MEMBERS; from += 20_000) {
    await one(
      `INSERT INTO users (email, first_name, last_name)
       SELECT 'p' || g || '@bigco.bench',
              (ARRAY['Alice','Alina','Kalina','Bob','Carla','Dmitri','Elena','Farid','Grace','Hugo','Ines','Jonas'])[1 + g % 12],
              (ARRAY['Anders','Brown','Okafor','Silva','Meyer','Dubois','Rossi','Haddad','Tanaka','Novak'])[1 + (g / 12) % 10] || g
         FROM generate_series($1::int, $2::int) g`,
      [from, Math.min(MEMBERS, from + 19_999)],
    );
  }
  await one(
    `INSERT INTO memberships (company_id, user_id, roles)
     SELECT $1, u.id, CASE WHEN u.email = 'p1@bigco.bench' THEN '{admin}'::text[] ELSE '{member}'::text[] END
       FROM users u WHERE u.email LIKE '%@bigco.bench'`,
    [c!.id],
  );
  const people = (
    await one<{ id: string }>(
      `SELECT id FROM users WHERE email IN ('p1@bigco.bench', 'p2@bigco.bench', 'p3@bigco.bench') ORDER BY email`,
    )
  ).map((r) => r.id);
  const [page] = await one<{ id: string }>(
    `INSERT INTO company_pages (company_id, title, slug, published) VALUES ($1, 'Sales', 'sales', true) RETURNING id`,
    [c!.id],
  );
  for (const [i, id] of people.entries()) {
    await one(`INSERT INTO company_page_users (company_id, page_id, user_id, position) VALUES ($1, $2, $3, $4)`, [
      c!.id,
      page!.id,
      id,
      i,
    ]);
  }
  const users = (
    await one<{ id: string }>(`SELECT id FROM users WHERE email LIKE '%@bigco.bench' ORDER BY email LIMIT $1`, [
      Math.max(1_000, CHANGES + 10),
    ])
  ).map((r) => r.id);
  await one('ANALYZE');
  await seed.end();
  const ids = { company: c!.id, admin: people[0]!, users };
  log(`seeded ${MEMBERS} members in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const admin = await cluster.sign(ids.admin, ids.company);

  // ---- The yardstick: a bare primary-key select, same database, same run ----
  const BASE = 3443;
  baseline = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/baseline-server.ts'], {
    env: { ...process.env, BASELINE_PORT: String(BASE), DATABASE_URL: cluster.databaseUrl },
    stdio: 'ignore',
  });
  await waitForHttp(BASE, 'localhost', `/pk/${ids.admin}`);

  // CPU per answered request (server process A, and the database's backends), which unlike req/s
  // hardly depends on what else runs on the machine: the figure to compare across runs.
  const cpuWatch = new pg.Client({ connectionString: cluster.databaseUrl });
  await cpuWatch.connect();
  const dbPids = async () =>
    (
      await cpuWatch.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
    ).rows.map((r) => r.pid);
  const load = async (name: string, url: string, headers: Record<string, string> = {}, server?: number) => {
    await autocannon({ url, connections: 10, duration: 2, headers });
    const dbBefore = new Map((await dbPids()).map((p) => [p, cpuUsOf(p)]));
    const serverBefore = server ? cpuUsOf(server) : 0;
    const r = await autocannon({ url, connections: 10, duration: DURATION, headers });
    const answered = r.requests.total || 1;
    const db = (await dbPids()).reduce((t, p) => t + cpuUsOf(p) - (dbBefore.get(p) ?? 0), 0);
    const cpu = Math.round(((server ? cpuUsOf(server) - serverBefore : 0) + db) / answered);
    const row = {
      name,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      cpu,
    };
    log(
      `  ${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, CPU ${cpu} µs/request`,
    );
    return row;
  };
  const serverA = cluster.pids[0];
  log(`HTTP at 10 connections, ${DURATION} s each:`);
  const rows = [
    await load('bare primary-key select (baseline)', `http://127.0.0.1:${BASE}/pk/${ids.admin}`),
    await load(
      'public page JSON (with presence)',
      `http://127.0.0.1:${A}/api/public/pages/bigco/sales`,
      { host: 'localhost' },
      serverA,
    ),
    await load('public page HTML', `http://127.0.0.1:${A}/admin/public/bigco/sales`, { host: 'localhost' }, serverA),
    await load(
      `navbar search "ali" (${MEMBERS.toLocaleString('en')} members)`,
      `http://127.0.0.1:${A}/api/search?q=ali`,
      {
        host: 'bigco.localhost',
        authorization: `Bearer ${admin.token}`,
      },
      serverA,
    ),
    await load(
      `navbar search "oka" (${MEMBERS.toLocaleString('en')} members)`,
      `http://127.0.0.1:${A}/api/search?q=oka`,
      {
        host: 'bigco.localhost',
        authorization: `Bearer ${admin.token}`,
      },
      serverA,
    ),
  ];

  // ---- Presence across two processes ----
  const sessions = new Map<string, { token: string }>();
  const sessionOf = async (userId: string) => {
    let s = sessions.get(userId);
    if (!s) {
      s = await cluster.sign(userId, ids.company);
      sessions.set(userId, s);
    }
    return s;
  };
  const open = async (port: number, userId: string) => {
    const s = await sessionOf(userId);
    const res = await cluster.http(port, {
      method: 'POST',
      path: '/api/realtime/ticket',
      sub: 'bigco',
      token: s.token,
    });
    if (res.status !== 200) throw new Error(`ticket: ${res.status}`);
    const o = await TestSocket.open(port, { ticket: res.body.ticket as string, host: 'bigco.localhost' });
    if (!o.ok) throw new Error(`socket: ${o.status}`);
    await o.client.next((f) => f.type === 'subscribed' && f.channel === userChannel(userId), 10_000);
    return o.client;
  };
  // Background: SOCKETS sockets of other members, half on each process.
  const pool = ids.users.slice(CHANGES + 1);
  const held: TestSocket[] = [];
  const t1 = performance.now();
  for (let i = 0; i < SOCKETS; i += 100) {
    held.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, SOCKETS - i) }, (_, j) =>
          open((i + j) % 2 ? A : B, pool[(i + j) % pool.length]!),
        ),
      )),
    );
  }
  log(`presence: ${SOCKETS} sockets open on A and B in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  const watcher = await open(B, ids.admin);
  await watcher.subscribe(companyChannel(ids.company));
  await sleep(1_000);
  const settle: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const userId = ids.users[i + 1]!;
    const s0 = performance.now();
    const tab = await open(A, userId);
    await watcher.next((f) => f.type === 'presence_changed' && f.userUuid === userId && f.status === 'online', 5_000);
    settle.push(performance.now() - s0);
    const s1 = performance.now();
    tab.ws.close();
    await watcher.next((f) => f.type === 'presence_changed' && f.userUuid === userId && f.status === 'offline', 5_000);
    settle.push(performance.now() - s1);
  }
  settle.sort((a, b) => a - b);
  const check = await cluster.http(B, {
    method: 'GET',
    path: `/api/presence?uuids=${ids.users[1]}`,
    sub: 'bigco',
    token: admin.token,
  });
  log(
    `  change on A seen on B: p50 ${pct(settle, 50).toFixed(1)} ms, p99 ${pct(settle, 99).toFixed(1)} ms, max ${settle
      .at(-1)!
      .toFixed(1)} ms; B reads ${JSON.stringify(check.body)}`,
  );
  for (const s of held) s.ws.terminate();
  watcher.ws.terminate();

  const base = rows[0]!;
  log(
    '\n| Measure | req/s | p50 | p99 | ×baseline p99 | non-2xx | CPU per request (server A + database) |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of rows) {
    log(
      `| ${r.name} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${(r.p99 / Math.max(1, base.p99)).toFixed(1)} | ${r.non2xx} | ${r === base ? '' : `${r.cpu} µs`} |`,
    );
  }
  log(
    `| presence change A → console on B (${CHANGES * 2} changes, ${SOCKETS} sockets) | | ${pct(settle, 50).toFixed(1)} ms | ${pct(settle, 99).toFixed(1)} ms | | | |`,
  );
  await cpuWatch.end();
} finally {
  baseline?.kill();
  await cluster.close();
}
process.exit(0);
