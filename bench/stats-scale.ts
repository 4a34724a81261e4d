/**
 * Stats at scale on PostgreSQL, in process at 10 concurrent callers on a pool of 10: one company of
 * --members people with --days days of attendance (weekdays, 90 % in), 50 teams, 20 departments,
 * two schedules, holidays, joiners and leavers, two-day leaves every two months. Seeded set-based
 * with the Stats triggers off, then the aggregates rebuilt by the rebuild command's own code in
 * member batches. Measures every range, a team and a department filter, the admin dashboard's
 * answer (cold: the first calls of a pool just opened as the server opens it; warm: --seconds of load), and a clock-in with the
 * aggregates kept (and with the Stats trigger off, for its share), each next to a bare primary-key
 * select of the same run.
 *
 *   node --import tsx bench/stats-scale.ts --members 100000 --days 140
 *   options: --database-url postgres://postgres@127.0.0.1:5432/wac_bench_stats2 --seconds 10 --reuse
 *            --clock-ins (only the clock-ins and the baseline)
 *            --policy (adds, once, a policy for everyone published 200 days ago, acknowledged by
 *            70 % over the 200 days, so the policy completion KPI has its real work)
 *
 * Recreates its own database (its name must contain "bench").
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { zonedDate } from '@wac/shared/zoned-time';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createSchedule, setCompanyTimeZone, weekdays } from '../apps/server/src/db/seed/attendance-factories';
import { createPolicy } from '../apps/server/src/db/seed/compliance-factories';
import { createCompany } from '../apps/server/src/db/seed/factories';
import { createMemoryBus } from '../apps/server/src/lib/bus';
import { createCtx, forCompany, type Infra, type TenantCtx } from '../apps/server/src/lib/context';
import { clockIn } from '../apps/server/src/modules/attendance/clock.service';
import { overview } from '../apps/server/src/modules/dashboard/dashboard.service';
import { rebuildAggregates, stats } from '../apps/server/src/modules/stats/stats.service';
import { ms, withDatabase } from './lib/util';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/wac_bench_stats2' },
    members: { type: 'string', default: '10000' },
    days: { type: 'string', default: '60' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    batch: { type: 'string', default: '2000' },
    reuse: { type: 'boolean', default: false },
    'clock-ins': { type: 'boolean', default: false },
    policy: { type: 'boolean', default: false },
  },
});
const URL_ = args['database-url']!;
const MEMBERS = Number(args.members);
const DAYS = Number(args.days);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const TZ = 'Europe/Berlin';
const dbName = new URL(URL_).pathname.slice(1);
if (!/bench/.test(dbName)) throw new Error(`refusing to recreate ${dbName}: its name must contain "bench"`);

type Q = (text: string, params?: unknown[]) => Promise<pg.QueryResult>;
const load1 = () => os.loadavg()[0]!.toFixed(2);

async function timed<T>(label: string, fn: () => Promise<T>) {
  const t0 = performance.now();
  const r = await fn();
  console.log(`  ${label.padEnd(56)} ${ms(performance.now() - t0)}`);
  return r;
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
async function load(fn: (i: number) => Promise<unknown>, seconds = SECONDS, done = () => false) {
  const lat: number[] = [];
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end && !done()) {
        const i = n++;
        const s = performance.now();
        await fn(i);
        lat.push(performance.now() - s);
      }
    }),
  );
  return { rps: lat.length / ((performance.now() - t0) / 1000), p50: pct(lat, 50), p99: pct(lat, 99), n: lat.length };
}

const STATS_TRIGGERS = [
  ...['memberships', 'employees', 'team_members', 'schedule_assignments'].flatMap((t) =>
    ['insert', 'update', 'delete'].map((op) => [t, `stats_aggregates_${t}_${op}`]),
  ),
  ['stats_member_days', 'stats_aggregates_member_days'],
  ['time_off_requests', 'stats_aggregates_time_off'],
  ['holidays', 'stats_aggregates_holidays'],
];
const statsTriggers = (q: Q, on: boolean) =>
  Promise.all(STATS_TRIGGERS.map(([t, n]) => q(`ALTER TABLE ${t} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${n}`)));

async function seed(q: Q) {
  const db = await openDatabase({ databaseUrl: URL_, poolSize: 2, queryTimeoutMs: 4 * 3_600_000 });
  await timed('migrations', () => db.migrate());
  const ids = await db.system(async (tx) => {
    const c = await createCompany(tx, { name: 'Bench Stats', subDomain: 'benchstats' });
    await setCompanyTimeZone(tx, c.id, TZ);
    await createSchedule(tx, c.id, {
      name: 'Office',
      isDefault: true,
      breakMinutes: 30,
      graceMinutes: 10,
      days: weekdays(),
    });
    const night = await createSchedule(tx, c.id, {
      name: 'Night',
      graceMinutes: 5,
      days: [
        { start: '22:00', end: '06:00' },
        { start: '22:00', end: '06:00' },
        { start: '22:00', end: '06:00' },
        { start: '22:00', end: '06:00' },
        null,
        null,
        null,
      ],
    });
    return { company: c.id, night: night.id };
  });
  await db.close();
  const c = ids.company;
  const today = zonedDate(new Date(), TZ);
  await statsTriggers(q, false);
  await timed(`users, memberships, employees, 20 departments, 50 teams (${MEMBERS})`, async () => {
    await q(
      `INSERT INTO users (email, first_name, last_name)
       SELECT 'member' || g || '@bench.example.com', (ARRAY['Ada','Ben','Cara','Dan','Eve','Finn','Gus','Hana'])[1 + g % 8], 'Person' || g
         FROM generate_series(1, $1::int) g`,
      [MEMBERS],
    );
    // Each membership made when its employment starts (below: 2020, or a joiner's day), so that the
    // policy and certification figures at past period ends count the people, as they would.
    await q(
      `INSERT INTO memberships (company_id, user_id, roles, created_at)
       SELECT $1, u.id, '{member}',
              (CASE WHEN h % 10 = 0 THEN $2::date - (h % 400) ELSE date '2020-01-01' END + time '09:00') AT TIME ZONE $3
         FROM users u CROSS JOIN LATERAL (SELECT abs(hashtext(u.id::text)) AS h) x`,
      [c, today, TZ],
    );
    await q(
      `UPDATE memberships SET roles = '{admin}' WHERE user_id = (SELECT id FROM users WHERE email = 'member1@bench.example.com')`,
    );
    await q(`INSERT INTO departments (company_id, name) SELECT $1, 'Department ' || g FROM generate_series(1, 20) g`, [
      c,
    ]);
    await q(`INSERT INTO teams (company_id, name) SELECT $1, 'Team ' || g FROM generate_series(1, 50) g`, [c]);
    // 90 % employed since 2020, the rest joined over the last 400 days; 3 % left in the last 300.
    await q(
      `INSERT INTO employees (company_id, user_id, department_id, start_date, end_date)
       SELECT $1, m.user_id,
              (SELECT id FROM departments d WHERE d.company_id = $1 AND d.name = 'Department ' || (1 + h % 20)),
              CASE WHEN h % 10 = 0 THEN $2::date - (h % 400) ELSE date '2020-01-01' END,
              CASE WHEN h % 33 = 1 THEN $2::date - (h % 300) END
         FROM memberships m CROSS JOIN LATERAL (SELECT abs(hashtext(m.user_id::text)) AS h) x
        WHERE m.company_id = $1`,
      [c, today],
    );
    await q(
      `INSERT INTO team_members (company_id, team_id, user_id)
       SELECT $1, t.id, m.user_id FROM memberships m
         JOIN teams t ON t.company_id = $1 AND (t.name = 'Team ' || (1 + abs(hashtext(m.user_id::text || 't')) % 50)
              OR (abs(hashtext(m.user_id::text)) % 20 = 0 AND t.name = 'Team ' || (1 + abs(hashtext(m.user_id::text || 'u')) % 50)))
        WHERE m.company_id = $1`,
      [c],
    );
    await q(
      `INSERT INTO schedule_assignments (company_id, user_id, schedule_id, effective_from)
       SELECT $1, user_id, $2, $3::date - (abs(hashtext(user_id::text || 's')) % 300)
         FROM memberships WHERE company_id = $1 AND abs(hashtext(user_id::text)) % 10 = 3`,
      [c, ids.night, today],
    );
    await q(
      `INSERT INTO holidays (company_id, date, name)
       SELECT $1, $2::date - g * 61, 'Holiday ' || g FROM generate_series(1, 6) g`,
      [c, today],
    );
    await q(`INSERT INTO time_off_types (company_id, name) VALUES ($1, 'Vacation')`, [c]);
    await q(
      `INSERT INTO time_off_requests (company_id, user_id, type_id, start_date, end_date, amount, status)
       SELECT $1, m.user_id, (SELECT id FROM time_off_types WHERE company_id = $1), s, s + 1, 2, 'approved'
         FROM memberships m CROSS JOIN generate_series(1, 6) k
        CROSS JOIN LATERAL (SELECT ($2::date - 372 + k * 61 + (abs(hashtext(m.user_id::text || k)) % 40))::date AS s) x
        WHERE m.company_id = $1`,
      [c, today],
    );
  });
  const bulk = new pg.Client({ connectionString: URL_ });
  await bulk.connect();
  await bulk.query('SET session_replication_role = replica');
  await timed(`entries (${DAYS} past days, weekdays, 90 % in)`, () =>
    bulk.query(
      `INSERT INTO attendance_entries (company_id, user_id, work_date, clock_in, clock_out, recorded_in, recorded_out, status, source)
       SELECT $1, m.user_id, d::date, t.i, t.i + t.len, t.i, t.i + t.len, 'closed', 'web'
         FROM memberships m
        CROSS JOIN generate_series($2::date - $3::int, $2::date - 1, interval '1 day') d
        CROSS JOIN LATERAL (SELECT ((d::date + time '08:40' + ((hashtext(m.user_id::text || d::text) & 63) * interval '1 minute')) AT TIME ZONE $4) AS i,
                                   interval '8 hours' + (hashtext(d::text || m.user_id::text) & 127) * interval '1 minute' AS len,
                                   abs(hashtext(m.user_id::text || d::text || 'p')) % 10 AS h) t
        WHERE m.company_id = $1 AND extract(isodow FROM d) < 6 AND t.h <> 0`,
      [c, today, DAYS, TZ],
    ),
  );
  await timed('today: two thirds clocked in', () =>
    bulk.query(
      `INSERT INTO attendance_entries (company_id, user_id, work_date, clock_in, recorded_in, status, source)
       SELECT $1, user_id, $2::date, now() - interval '1 hour', now() - interval '1 hour', 'open', 'web'
         FROM memberships WHERE company_id = $1 AND (hashtext(user_id::text) % 3) <> 0`,
      [c, today],
    ),
  );
  const memberDays = `INSERT INTO stats_member_days (company_id, user_id, day, first_in, worked_seconds, entries, board_schedule)
       SELECT d.company_id, d.user_id, d.work_date, d.first_in, d.worked, d.n,
              coalesce((SELECT sa.schedule_id FROM schedule_assignments sa WHERE sa.company_id = d.company_id AND sa.user_id = d.user_id
                          AND sa.effective_from <= d.work_date ORDER BY sa.effective_from DESC LIMIT 1), '00000000-0000-0000-0000-000000000000'::uuid)
         FROM (SELECT company_id, user_id, work_date, min(clock_in) AS first_in,
                      coalesce(floor(sum(extract(epoch FROM clock_out - clock_in)) FILTER (WHERE clock_out IS NOT NULL)), 0)::int AS worked, count(*)::int AS n
                 FROM attendance_entries WHERE company_id = $1 AND status <> 'removed' AND work_date %s $2::date
                GROUP BY company_id, user_id, work_date) d`;
  await timed('member-days of past days (set-based, triggers off)', () =>
    bulk.query(memberDays.replace('%s', '<'), [c, today]),
  );
  await bulk.end();
  // Today's go through the board's statement trigger, so the dashboard's counts are real.
  await timed("member-days of today (the board's counts follow)", () => q(memberDays.replace('%s', '='), [c, today]));
  await statsTriggers(q, true);
  await rebuildStats(c);
  await timed('VACUUM ANALYZE', () => q('VACUUM ANALYZE'));
  return c;
}

/** The rebuild command's second step (its member-days step was done set-based above). */
async function rebuildStats(companyId: string) {
  const db = await openDatabase({ databaseUrl: URL_, poolSize: 1, queryTimeoutMs: 3_600_000 });
  const ctx = forCompany(
    createCtx({ config: testConfig(), db, bus: createMemoryBus(), log: console } as unknown as Infra),
    companyId,
  );
  await timed('stats aggregates rebuild: member batches, then the sums by month', () =>
    rebuildAggregates(ctx, Number(args.batch), (n) => {
      if (n % 20_000 < Number(args.batch)) console.log(`    ${n} members derived`);
    }),
  );
  await db.close();
}

/** A policy for everyone, 200 days old, 70 % acknowledged at days spread over those 200 (once). */
async function addPolicy(q: Q, companyId: string) {
  if ((await q('SELECT 1 FROM policies WHERE company_id = $1', [companyId])).rowCount) return;
  const db = await openDatabase({ databaseUrl: URL_, poolSize: 1, queryTimeoutMs: 3_600_000 });
  const p = await timed('a policy for everyone, published 200 days ago', () =>
    db.system((tx) =>
      createPolicy(tx, companyId, {
        title: 'Code of Conduct',
        dueDays: 14,
        versions: [{ body: { html: '<p>Be kind.</p>' }, publishedDaysAgo: 200 }],
      }),
    ),
  );
  await db.close();
  const v = p.versions[0]!;
  await timed('70 % acknowledge it, over 200 days (one statement)', () =>
    q(
      `INSERT INTO policy_acknowledgements (company_id, policy_id, version_id, version_number, user_id, content_sha256, acknowledged_at)
       SELECT $1, $2, $3, 1, m.user_id, $4, now() - (abs(hashtext(m.user_id::text || 'a')) % 200) * interval '1 day'
         FROM memberships m WHERE m.company_id = $1 AND abs(hashtext(m.user_id::text || 'p')) % 10 < 7`,
      [companyId, p.id, v.id, v.sha],
    ),
  );
}

async function main() {
  console.log(
    `stats bench: ${MEMBERS} members × ${DAYS} days, ${CONNECTIONS} connections, ${SECONDS} s each; load ${load1()}`,
  );
  if (!args.reuse) {
    const admin = new pg.Client({ connectionString: withDatabase(URL_, 'postgres') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
  }
  const raw = new pg.Pool({ connectionString: URL_, max: CONNECTIONS });
  const q: Q = (text, params = []) => raw.query(text, params);
  const t0 = performance.now();
  if (args.reuse) {
    // Migrations added since the seed (their backfill runs here).
    const db = await openDatabase({ databaseUrl: URL_, poolSize: 1, queryTimeoutMs: 3_600_000 });
    await timed('pending migrations', () => db.migrate());
    await db.close();
  }
  const companyId = args.reuse ? ((await q('SELECT id FROM companies LIMIT 1')).rows[0].id as string) : await seed(q);
  if (!args.reuse) console.log(`  seeded in ${ms(performance.now() - t0)}`);
  if (args.policy) await addPolicy(q, companyId);
  const counts = (
    await q(`SELECT (SELECT count(*) FROM attendance_entries)::int AS entries, (SELECT count(*) FROM stats_member_days)::int AS md,
                    (SELECT count(*) FROM stats_member_facts)::int AS facts, (SELECT count(*) FROM stats_scope_days)::int AS sd,
                    (SELECT count(*) FROM stats_scope_spans)::int AS sp`)
  ).rows[0];
  console.log(`  rows: ${JSON.stringify(counts)}`);
  await measure(raw, q, companyId);
  await raw.end();
}

async function measure(raw: pg.Pool, q: Q, companyId: string) {
  const adminId = (await q(`SELECT id FROM users WHERE email = 'member1@bench.example.com'`)).rows[0].id as string;
  const team = (await q(`SELECT id FROM teams WHERE company_id = $1 AND name = 'Team 7'`, [companyId])).rows[0].id;
  const department = (
    await q(`SELECT id FROM departments WHERE company_id = $1 AND name = 'Department 7'`, [companyId])
  ).rows[0].id;
  const ids = (await q('SELECT user_id FROM memberships WHERE company_id = $1 ORDER BY user_id', [companyId])).rows.map(
    (r) => r.user_id as string,
  );
  const pool = async () => {
    const db = await openDatabase({ databaseUrl: URL_, poolSize: CONNECTIONS });
    // As the server starts its pool (server.ts): the connections made, nothing run on them yet.
    await db.warm();
    const infra = { config: testConfig(), db, bus: createMemoryBus(), log: console } as unknown as Infra;
    const as = (userId: string) => createCtx(infra, { actor: { userId, ip: '127.0.0.1' }, companyId }) as TenantCtx;
    return { db, as };
  };
  const sees = { attendance: true, timeOffAdmin: true, joinRequests: true, compliance: true };
  const asks: Array<[string, (ctx: TenantCtx) => Promise<unknown>]> = [
    ['GET /api/stats Last 28 Days', (ctx) => stats(ctx, { range: 'last28' } as never)],
    ['GET /api/stats Last Month', (ctx) => stats(ctx, { range: 'lastMonth' } as never)],
    ['GET /api/stats Last Year', (ctx) => stats(ctx, { range: 'lastYear' } as never)],
    ['GET /api/stats Last Year, one team (1 in 50)', (ctx) => stats(ctx, { range: 'lastYear', team } as never)],
    [
      'GET /api/stats Last Year, one department (1 in 20)',
      (ctx) => stats(ctx, { range: 'lastYear', department } as never),
    ],
    [
      'GET /api/stats custom 2 years (across a new year)',
      (ctx) => stats(ctx, { range: 'custom', from: '2024-11-26', to: '2026-11-25' } as never),
    ],
    ['GET /api/dashboard/overview (admin)', (ctx) => overview(ctx, sees)],
  ];
  console.log(`\nload average before: ${load1()}`);
  const baseline = await load((i) => q('SELECT id, email FROM users WHERE id = $1', [ids[i % ids.length]]));
  console.log(
    `| measured | target | cold: max of ${CONNECTIONS} first calls | warm req/s | warm p50 ms | warm p99 ms | p99 ÷ baseline p99 |`,
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| baseline: primary-key select (raw pg) | — | — | ${baseline.rps.toFixed(0)} | ${baseline.p50.toFixed(2)} | ${baseline.p99.toFixed(2)} | 1 |`,
  );
  // Fresh statistics for what the seed and the rebuild wrote (the plans of the refresh depend on them).
  await q('ANALYZE');
  for (const [label, fn] of args['clock-ins'] ? [] : asks) {
    // Cold: a fresh pool as the server opens it (connections made, no statement of the app run on
    // them: no plan cached, no catalog loaded), its first CONNECTIONS calls at once.
    const fresh = await pool();
    const cold = await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const s = performance.now();
        await fn(fresh.as(adminId));
        return performance.now() - s;
      }),
    );
    const warm = await load(() => fn(fresh.as(adminId)));
    await fresh.db.close();
    const target = label.includes('dashboard') ? 'p99 ≤ 30 ms' : 'p99 ≤ 100 ms warm, ≤ 300 ms cold';
    console.log(
      `| ${label} | ${target} | ${Math.max(...cold).toFixed(0)} | ${warm.rps.toFixed(1)} | ${warm.p50.toFixed(1)} | ${warm.p99.toFixed(1)} | ${(warm.p99 / baseline.p99).toFixed(0)} |`,
    );
  }
  // Clock-ins of people not in yet today, with the Stats aggregates kept, then with their trigger off.
  // An earlier run's clock-ins (source 'api') are taken back first, so a rerun finds the same people
  // idle; each run's users are its own (a user already in fails at once, and would count as fast).
  await q(`DELETE FROM attendance_entries WHERE company_id = $1 AND source = 'api'`, [companyId]);
  const idle = (
    await q(
      `SELECT user_id FROM memberships m WHERE company_id = $1
         AND EXISTS (SELECT 1 FROM stats_member_scopes sc WHERE sc.company_id = $1 AND sc.user_id = m.user_id)
         AND NOT EXISTS
         (SELECT 1 FROM attendance_entries e WHERE e.company_id = $1 AND e.user_id = m.user_id AND e.work_date >= current_date - 1)`,
      [companyId],
    )
  ).rows.map((r) => r.user_id as string);
  const third = Math.floor(idle.length / 3);
  const refresh = 'stats_member_refresh(uuid, uuid[], date, date, boolean, boolean)';
  for (const [label, from, on, jit] of [
    ['clock-in (Stats aggregates kept)', 0, true, false],
    ['clock-in (Stats aggregates kept, JIT allowed in the refresh)', third, true, true],
    ['clock-in (Stats trigger off, for comparison)', 2 * third, false, false],
  ] as const) {
    if (!on) await q('ALTER TABLE stats_member_days DISABLE TRIGGER stats_aggregates_member_days');
    // The migration turns JIT off for the refresh; this row shows what it cost (the server's default).
    if (jit) await q(`ALTER FUNCTION ${refresh} RESET jit`);
    const fresh = await pool();
    let next = from;
    let failed = 0;
    const r = await load(
      async () => {
        const user = idle[next++]!;
        await clockIn(fresh.as(user), { idempotencyKey: `bench-${user}`, source: 'api' }).catch(() => failed++);
      },
      Math.min(SECONDS, 5),
      () => next >= from + third,
    );
    await fresh.db.close();
    if (!on) await q('ALTER TABLE stats_member_days ENABLE TRIGGER stats_aggregates_member_days');
    if (jit) await q(`ALTER FUNCTION ${refresh} SET jit = off`);
    console.log(
      `| ${label}${failed ? ` (${failed} failed)` : ''}${next >= from + third ? ` (ran out of idle people after ${r.n})` : ''} | (attendance issue's target) | — | ${r.rps.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.p99 / baseline.p99).toFixed(0)} |`,
    );
  }
  const again = await load((i) => q('SELECT id, email FROM users WHERE id = $1', [ids[i % ids.length]]));
  console.log(
    `| baseline again | — | — | ${again.rps.toFixed(0)} | ${again.p50.toFixed(2)} | ${again.p99.toFixed(2)} | — |`,
  );
  console.log(`load average after: ${load1()}`);
  void raw;
}

await main();
