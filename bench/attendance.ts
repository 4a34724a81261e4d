/**
 * Attendance at scale, in process (no HTTP): the day board (counts and first page; on leave; one
 * department) over a year of approved time off, one person's
 * month, a morning burst of clock-ins with retries, and the company's monthly CSV export, each
 * next to a bare primary-key select on the same pool measured in the same run.
 *
 *   node --import tsx bench/attendance.ts                       # 10,000 members × 40 days (reduced)
 *   node --import tsx bench/attendance.ts --members 100000 --days 100   # the full scale
 *   options: --database-url postgres://postgres@127.0.0.1:5432/wac_bench_attendance --seconds 5 --reuse --only board,export
 *
 * Recreates its own database (its name must contain "bench").
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addDays, zonedDate } from '@wac/shared/zoned-time';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createSchedule, setCompanyTimeZone } from '../apps/server/src/db/seed/attendance-factories';
import { createCompany } from '../apps/server/src/db/seed/factories';
import { createMemoryBus } from '../apps/server/src/lib/bus';
import { createCtx, forCompany, type Infra, type TenantCtx } from '../apps/server/src/lib/context';
import { rebuild as rebuildStats } from '../apps/server/src/modules/stats/stats.service';
import { board } from '../apps/server/src/modules/attendance/board.service';
import { clockIn } from '../apps/server/src/modules/attendance/clock.service';
import { exportCsv, timesheet } from '../apps/server/src/modules/attendance/timesheets.service';
import { ms, withDatabase } from './lib/util';
import { measureSchedules } from './attendance-schedules';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/wac_bench_attendance' },
    members: { type: 'string', default: '10000' },
    days: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    /** Keep the database of the previous run (no drop, no seed). */
    reuse: { type: 'boolean', default: false },
    /** Keep the database of a run whose seed stopped after the entries, and finish its seed. */
    resume: { type: 'boolean', default: false },
    /** Comma-separated: baseline,board,month,burst,export,schedules (default all). */
    only: { type: 'string', default: 'baseline,board,month,burst,export,schedules' },
  },
});
const URL_ = args['database-url']!;
const MEMBERS = Number(args.members);
const DAYS = Number(args.days);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const TZ = 'America/New_York';

const dbName = new URL(URL_).pathname.slice(1);
if (!/bench/.test(dbName)) throw new Error(`refusing to recreate ${dbName}: its name must contain "bench"`);

async function timed<T>(label: string, fn: () => Promise<T>) {
  const t0 = performance.now();
  const r = await fn();
  console.log(`  ${label.padEnd(44)} ${ms(performance.now() - t0)}`);
  return r;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** `CONNECTIONS` workers call `fn` until `SECONDS` pass; latencies and requests per second. */
async function load(fn: (i: number) => Promise<unknown>, seconds = SECONDS) {
  const lat: number[] = [];
  const end = performance.now() + seconds * 1000;
  let n = 0;
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const i = n++;
        const s = performance.now();
        // A call that fails (the pool's query timeout on a slow filter) is counted and the run goes on.
        await fn(i).catch(() => errors++);
        lat.push(performance.now() - s);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  if (errors > 0) console.log(`  (${errors} of ${lat.length} calls failed: counted in the latencies)`);
  return { rps: lat.length / elapsed, p50: pct(lat, 50), p99: pct(lat, 99), n: lat.length };
}

async function main() {
  console.log(`attendance bench: ${MEMBERS} members × ${DAYS} days, ${CONNECTIONS} connections, ${SECONDS} s each`);
  const only = new Set(args.only!.split(','));
  if (!args.reuse && !args.resume) {
    const admin = new pg.Client({ connectionString: withDatabase(URL_, 'postgres') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
  }
  const db = await openDatabase({ databaseUrl: URL_, poolSize: CONNECTIONS });
  const raw = new pg.Pool({ connectionString: URL_, max: CONNECTIONS });
  const q = (text: string, params: unknown[] = []) => raw.query(text, params);
  const companyId = args.reuse
    ? ((await q('SELECT id FROM companies LIMIT 1')).rows[0].id as string)
    : args.resume
      ? await db
          .migrate()
          .then(async () => seedRest(q, (await q('SELECT id FROM companies LIMIT 1')).rows[0].id as string))
      : await seed(db, q);
  const [{ n: entries }] = (await q('SELECT count(*)::int AS n FROM attendance_entries')).rows;
  console.log(`  entries: ${entries.toLocaleString('en')}`);
  await measure(db, raw, q, companyId, only);
}

type Q = (text: string, params?: unknown[]) => Promise<pg.QueryResult>;

async function seed(db: Awaited<ReturnType<typeof openDatabase>>, q: Q) {
  await timed('migrations', () => db.migrate());
  const companyId = await db.system(async (tx) => {
    const c = await createCompany(tx, { name: 'Bench Attendance', subDomain: 'benchatt' });
    await setCompanyTimeZone(tx, c.id, TZ);
    await createSchedule(tx, c.id, { name: 'Office', isDefault: true, breakMinutes: 30, graceMinutes: 10 });
    return c.id;
  });
  await timed(`users and memberships (${MEMBERS})`, async () => {
    await q(
      `INSERT INTO users (email, first_name, last_name)
       SELECT 'member' || g || '@bench.example.com', (ARRAY['Ada','Ben','Cara','Dan','Eve','Finn','Gus','Hana'])[1 + g % 8], 'Person' || g
         FROM generate_series(1, $1::int) g`,
      [MEMBERS],
    );
    await q(`INSERT INTO memberships (company_id, user_id, roles) SELECT $1, id, '{member}' FROM users`, [companyId]);
    await q(
      `UPDATE memberships SET roles = '{admin}' WHERE user_id = (SELECT id FROM users WHERE email = 'member1@bench.example.com')`,
    );
  });
  const today = zonedDate(new Date(), TZ);
  // The entries go in with triggers off (session_replication_role = replica, on one connection of
  // the superuser), then the aggregates are rebuilt set-based by the rebuild command's own code
  // (stats:rebuild): row by row through the triggers, 10 M entries would take hours here.
  const bulk = new pg.Client({ connectionString: URL_ });
  await bulk.connect();
  await bulk.query(`SET session_replication_role = replica`);
  // Every member every day (weekends too: "not scheduled" but present), but one in sixteen days off
  // and one in sixteen with a second pair after lunch: ~1 entry per member and day.
  await timed(`entries (${DAYS} past days, generate_series)`, () =>
    bulk.query(
      `INSERT INTO attendance_entries (company_id, user_id, work_date, clock_in, clock_out, recorded_in, recorded_out, status, source)
       SELECT $1, m.user_id, d::date, t.i + p.off, t.i + p.off + p.len, t.i + p.off, t.i + p.off + p.len, 'closed', 'web'
         FROM memberships m
        CROSS JOIN generate_series($2::date - $3::int, $2::date - 1, interval '1 day') d
        CROSS JOIN LATERAL (SELECT ((d::date + time '08:45' + ((hashtext(m.user_id::text || d::text) & 31) * interval '1 minute'))
                                    AT TIME ZONE $4) AS i, hashtext(m.user_id::text || d::text) & 15 AS h) t
        CROSS JOIN LATERAL (VALUES (interval '0', interval '4 hours'), (interval '4 hours 30 minutes', interval '4 hours')) p(off, len)
        WHERE m.company_id = $1 AND t.h <> 3 AND (p.off = interval '0' OR t.h = 5)`,
      [companyId, today, DAYS, TZ],
    ),
  );
  // Today: two thirds have clocked in (still in).
  await timed('today: two thirds clocked in', () =>
    bulk.query(
      `INSERT INTO attendance_entries (company_id, user_id, work_date, clock_in, recorded_in, status, source)
       SELECT $1, user_id, $2::date, now() - interval '1 hour', now() - interval '1 hour', 'open', 'web'
         FROM memberships WHERE company_id = $1 AND (hashtext(user_id::text) % 3) <> 0`,
      [companyId, today],
    ),
  );
  await bulk.end();
  return seedRest(q, companyId);
}

async function seedRest(q: Q, companyId: string) {
  const today = zonedDate(new Date(), TZ);
  // First, before any time off and before the rebuild: each record's department reaches Stats' scopes
  // through its trigger (one refresh of everyone), cheap while the people have no leave and no derived
  // member-day to judge. After the time off it judged 2.6 M leave days and had not ended in 30 minutes.
  await timed('departments: 20, everyone in one', async () => {
    await q(`INSERT INTO departments (company_id, name) SELECT $1, 'Department ' || g FROM generate_series(1, 20) g`, [
      companyId,
    ]);
    await q(
      `INSERT INTO employees (company_id, user_id, department_id)
       SELECT $1, m.user_id, (SELECT id FROM departments d WHERE d.company_id = $1 AND d.name = 'Department ' || (1 + abs(hashtext(m.user_id::text)) % 20))
         FROM memberships m WHERE m.company_id = $1`,
      [companyId],
    );
  });
  // Time off: a year of approved two-day leaves (13 per person), a pending one in two weeks, and
  // about one in thirty away today (one in three of those on a half day), so the board's leave lookup
  // reads a realistic table, not an empty one.
  // Before the rebuild, and with triggers off like the entries: through the per-row Stats triggers
  // 1.4 M requests would each refresh a person's days (hours at this scale). The day board's leave
  // days, which a statement trigger keeps, are then derived for them all in one call of that trigger's
  // function; the rebuild below derives Stats' time off.
  await timed('time off: 14 requests a person, ~3% away today', async () => {
    const bulk = new pg.Client({ connectionString: URL_ });
    await bulk.connect();
    await bulk.query(`SET session_replication_role = replica`);
    const q = (text: string, params: unknown[] = []) => bulk.query(text, params);
    const type = (
      await q(`INSERT INTO time_off_types (company_id, name) VALUES ($1, 'Vacation') RETURNING id`, [companyId])
    ).rows[0].id as string;
    await q(
      `INSERT INTO time_off_requests (company_id, user_id, type_id, start_date, end_date, amount, status)
       SELECT $1, m.user_id, $2, s, s + 1, 2, CASE WHEN k = 14 THEN 'pending' ELSE 'approved' END
         FROM memberships m CROSS JOIN generate_series(1, 14) k
        CROSS JOIN LATERAL (SELECT ($3::date - 380 + k * 28 + (hashtext(m.user_id::text || k) & 7))::date AS s) x
        WHERE m.company_id = $1 AND (k < 14 OR s > $3::date)
          AND NOT (s + 1 >= $3::date - 1 AND s <= $3::date + 1 AND hashtext(m.user_id::text) % 30 = 0)`,
      [companyId, type, today],
    );
    await q(
      `INSERT INTO time_off_requests (company_id, user_id, type_id, start_date, end_date, start_half, amount, status)
       SELECT $1, user_id, $2, $3::date, $3::date + 1, hashtext(user_id::text) % 90 = 0, 2, 'approved'
         FROM memberships WHERE company_id = $1 AND hashtext(user_id::text) % 30 = 0`,
      [companyId, type, today],
    );
    await q(
      `SELECT attendance_leave_days_refresh(array_agg(company_id), array_agg(user_id), array_agg(start_date), array_agg(end_date))
         FROM time_off_requests WHERE company_id = $1 AND status = 'approved'`,
      [companyId],
    );
    await bulk.end();
  });
  // One transaction over 10 M entries: past the pool's query timeout.
  const long = await openDatabase({ databaseUrl: URL_, poolSize: 1, queryTimeoutMs: 4 * 3_600_000 });
  // In batches of days (one transaction each, ~100,000 member-days): its throughput is printed.
  const t0 = performance.now();
  let slowest = 0;
  const written = await timed('stats:rebuild (member-days, board keys and counts)', () =>
    rebuildStats(
      forCompany(
        createCtx({ config: testConfig(), db: long, bus: createMemoryBus(), log: console } as unknown as Infra),
        companyId,
      ),
      {
        onBatch: (b) => {
          slowest = Math.max(slowest, b.ms);
          if (b.memberDays > 0) console.log(`    ${b.from}..${b.to}: ${b.memberDays} member-days in ${ms(b.ms)}`);
        },
      },
    ),
  );
  const secs = (performance.now() - t0) / 1000;
  console.log(
    `  rebuild: ${written.toLocaleString('en')} member-days, ${Math.round(written / secs).toLocaleString('en')}/s, slowest batch ${ms(slowest)}`,
  );
  await long.close();
  await timed('VACUUM ANALYZE', () => q('VACUUM ANALYZE'));
  return companyId;
}

async function measure(
  db: Awaited<ReturnType<typeof openDatabase>>,
  raw: pg.Pool,
  q: Q,
  companyId: string,
  only: Set<string>,
) {
  const ids = (await q('SELECT user_id FROM memberships WHERE company_id = $1 ORDER BY user_id', [companyId])).rows.map(
    (r) => r.user_id as string,
  );
  const adminId = (await q(`SELECT id FROM users WHERE email = 'member1@bench.example.com'`)).rows[0].id as string;
  const idle = (
    await q(
      `SELECT user_id FROM memberships m WHERE company_id = $1
         AND NOT EXISTS (SELECT 1 FROM attendance_entries e WHERE e.company_id = $1 AND e.user_id = m.user_id AND e.status = 'open')`,
      [companyId],
    )
  ).rows.map((r) => r.user_id as string);

  const infra = { config: testConfig(), db, bus: createMemoryBus(), log: console } as unknown as Infra;
  const as = (userId: string) => createCtx(infra, { actor: { userId, ip: '127.0.0.1' }, companyId }) as TenantCtx;
  const adminCtx = as(adminId);

  const rows: string[] = [];
  const row = (label: string, r: { rps: number; p50: number; p99: number }, base: number) => {
    const line = `| ${label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${((100 * r.rps) / base).toFixed(0)}% |`;
    rows.push(line);
    console.log(line);
  };
  console.log('\n| measured | req/s | p50 ms | p99 ms | of baseline |\n| --- | ---: | ---: | ---: | ---: |');
  const baseline = await load((i) => q('SELECT id, email FROM users WHERE id = $1', [ids[i % ids.length]]));
  row('baseline: primary-key select (raw pg)', baseline, baseline.rps);
  if (only.has('board')) {
    row(
      'day board, today: counts + first page',
      await load(() => board(adminCtx, { page: 1, itemsPerPage: 10 })),
      baseline.rps,
    );
    row(
      'day board, status=late, page 3, search "person12" (1,111 match)',
      await load(() => board(adminCtx, { status: 'late', search: 'person12', page: 3, itemsPerPage: 10 })),
      baseline.rps,
    );
    // One in eight of the bench's people is called Ada: more than BOARD_SEARCH_MAX, so refused with
    // SEARCH_TOO_BROAD (every call "fails"); what is measured is what the refusal costs.
    row(
      'day board, search "ada" (12,500 match: refused, too broad)',
      await load(() => board(adminCtx, { status: 'late', search: 'ada', page: 3, itemsPerPage: 10 })),
      baseline.rps,
    );
    row(
      'day board, search "a" (every member: refused, too broad)',
      await load(() => board(adminCtx, { search: 'a', page: 1, itemsPerPage: 10 })),
      baseline.rps,
    );
    row(
      'day board, status=absent, first page (walks the name order)',
      await load(() => board(adminCtx, { status: 'absent', page: 1, itemsPerPage: 10 })),
      baseline.rps,
    );
    const past = addDays(zonedDate(new Date(), TZ), -8);
    row(
      `day board, ${past}: counts + first page`,
      await load(() => board(adminCtx, { date: past, page: 1, itemsPerPage: 10 })),
      baseline.rps,
    );
    row(
      'day board, status=onLeave, first page',
      await load(() => board(adminCtx, { status: 'onLeave', page: 1, itemsPerPage: 10 })),
      baseline.rps,
    );
    const department = (
      await q(`SELECT id FROM departments WHERE company_id = $1 AND name = 'Department 7'`, [companyId])
    ).rows[0].id as string;
    row(
      'day board, one department (1 in 20), first page',
      await load(() => board(adminCtx, { department, page: 1, itemsPerPage: 10 })),
      baseline.rps,
    );
    const b = await board(adminCtx, { page: 1, itemsPerPage: 10 });
    console.log(`  today's counts: ${JSON.stringify(b.counts)}`);
  }
  if (only.has('month'))
    row(
      "one person's month (timesheet)",
      await load((i) => timesheet(adminCtx, { userId: ids[(i * 7919) % ids.length]!, period: 'month' })),
      baseline.rps,
    );

  if (only.has('burst')) {
    // The floor of any durable write: one autocommitted one-row insert (one round trip and a WAL
    // flush), next to which a clock-in (a transaction of several statements, triggers and the
    // company's audit chain) is measured.
    await q('CREATE TABLE IF NOT EXISTS bench_write_floor (id bigserial PRIMARY KEY, v int)');
    row(
      'write floor: one-row insert, autocommit (raw pg)',
      await load((i) => q('INSERT INTO bench_write_floor (v) VALUES ($1)', [i])),
      baseline.rps,
    );
    // The morning burst: each idle member clocks in once; every fourth request is retried with its key.
    const burstIds = idle.slice(0, Math.min(idle.length, 20_000));
    let next = 0;
    const burst = await load(async () => {
      const i = next++;
      const user = burstIds[i % burstIds.length]!;
      const key = `bench-burst-${i % burstIds.length}`;
      await clockIn(as(user), { idempotencyKey: key, source: 'api' }).catch(() => null);
      if (i % 4 === 0) await clockIn(as(user), { idempotencyKey: key, source: 'api' }).catch(() => null);
    });
    row(`morning burst: clock-ins (${burstIds.length} people, 1 in 4 retried)`, burst, baseline.rps);
    const [dup] = (
      await q(
        `SELECT (SELECT count(*) FROM (SELECT user_id FROM attendance_entries WHERE company_id = $1 AND status = 'open'
                                     GROUP BY user_id HAVING count(*) > 1) x)::int AS open_dups,
              (SELECT count(*) FROM (SELECT user_id, idempotency_key FROM attendance_entries WHERE company_id = $1 AND idempotency_key LIKE 'bench-burst-%'
                                     GROUP BY 1, 2 HAVING count(*) > 1) y)::int AS key_dups`,
        [companyId],
      )
    ).rows;
    console.log(`  duplicates after the burst: ${dup.open_dups} open, ${dup.key_dups} by key`);
  }
  if (only.has('export')) {
    // The monthly export: time, lines and the process's peak memory over its resting size.
    const rest = process.memoryUsage().rss;
    let peak = rest;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const t0 = performance.now();
    let lines = 0;
    let bytes = 0;
    // With `node --expose-gc`, the live heap after a full collection every 250,000 lines: constant
    // memory means it stays flat however far the export has gone (RSS alone moves with the GC).
    const gc = (globalThis as { gc?: () => void }).gc;
    const live: number[] = [];
    for await (const chunk of await exportCsv(adminCtx, { period: 'month' })) {
      bytes += Buffer.byteLength(chunk as string);
      lines++;
      if (gc && lines % 250_000 === 0) {
        gc();
        live.push(Math.round(process.memoryUsage().heapUsed / 1e6));
      }
    }
    clearInterval(sampler);
    console.log(
      `  monthly CSV export: ${(lines - 1).toLocaleString('en')} lines, ${(bytes / 1e6).toFixed(1)} MB in ${ms(performance.now() - t0)}; RSS ${(rest / 1e6).toFixed(0)} MB at rest, peak ${(peak / 1e6).toFixed(0)} MB`,
    );
    if (gc) console.log(`  live heap after GC, every 250,000 lines: ${live.join(', ')} MB`);
    else console.log('  (run with node --expose-gc to see the live heap along the export)');
  }
  if (only.has('schedules'))
    await measureSchedules({ db, q, adminCtx, companyId }, load, (l, r) => row(l, r, baseline.rps));
  await raw.end();
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
