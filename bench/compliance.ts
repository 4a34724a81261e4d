/**
 * Compliance at scale (issue 11): a policy assigned to every member of one company, half of them
 * acknowledged; the company's audit log at a large size. Measures, through the real services (the
 * same code a route runs, scoped and under row-level security), at 10 concurrent callers:
 * the tracking page with its completion figures, the overdue list paged and searched, publishing
 * a version that needs re-acknowledgement by everyone (and a request served meanwhile), the audit
 * log page unfiltered and filtered, and `audit:verify` throughput.
 *
 *   node --import tsx bench/compliance.ts [--members 100000] [--audit 10000000] [--database-url postgres://…/wac_bench_compliance]
 *
 * Drops and recreates its own database (the name must contain `bench`).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createPolicy } from '../apps/server/src/db/seed/compliance-factories';
import { createMemoryBus } from '../apps/server/src/lib/bus';
import { createCtx, forCompany } from '../apps/server/src/lib/context';
import * as audit from '../apps/server/src/modules/audit-log/audit-log.service';
import { verifyChain } from '../apps/server/src/modules/audit-log/verify.service';
import * as policies from '../apps/server/src/modules/policies/policies.service';
import * as tracking from '../apps/server/src/modules/policies/tracking.service';
import * as stats from '../apps/server/src/modules/stats/policy-series.service';
import { ms, withDatabase } from './lib/util';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/wac_bench_compliance' },
    members: { type: 'string', default: '100000' },
    audit: { type: 'string', default: '10000000' },
    requests: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
  },
});
const url = args['database-url']!;
const members = Number(args.members);
const auditRows = Number(args.audit);
const requests = Number(args.requests);
const dbName = new URL(url).pathname.slice(1);
if (!dbName.includes('bench')) throw new Error('the database name must contain "bench"');

const t0 = performance.now();
const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${dbName}"`);
await admin.end();
const db = await openDatabase({ databaseUrl: url, poolSize: 12 });
await db.migrate();
/** The seed's own connection: its statements run for minutes, past the pool's read timeout. */
const seed = new pg.Client({ connectionString: url });
await seed.connect();
const q = (text: string, params: unknown[] = []) => seed.query(text, params);

const COMPANY = '00000000-0000-4000-8000-00000000c0de';
const infra = {
  config: { baseDomain: 'localhost' } as Config,
  db,
  bus: createMemoryBus(),
  mailer: null as never,
  tokens: null as never,
  log: { info() {}, warn() {}, error() {} },
};
/** A Stats series job run as the runner runs it (stats.service.runPolicySeriesJob). */
const runSeriesJob = (j: { id: string; payload: { policyIds: string[] } }) =>
  stats.runPolicySeriesJob(infra, {
    id: j.id,
    type: stats.POLICY_SERIES_JOB,
    companyId: COMPANY,
    key: null,
    batchId: null,
    payload: j.payload,
    secret: null,
    attempt: 1,
    maxAttempts: 10,
    signal: new AbortController().signal,
    db,
    finish: async () => {},
  });
const step = async (label: string, fn: () => Promise<unknown>) => {
  const s = performance.now();
  await fn();
  const took = performance.now() - s;
  console.log(`${label.padEnd(58)} ${ms(took)}`);
  return took;
};

await step(`seed: company, ${members.toLocaleString('en')} users and members`, async () => {
  await q(`INSERT INTO companies (id, name, sub_domain) VALUES ($1, 'Bench Co', 'benchco')`, [COMPANY]);
  await q(
    `INSERT INTO users (id, email, first_name, last_name)
    SELECT md5('u' || n)::uuid, 'person' || n || '@benchco.example.com', 'Person', 'Number ' || n
    FROM generate_series(1, $1::int) n`,
    [members],
  );
  await q(
    `INSERT INTO memberships (company_id, user_id, roles, created_at)
    SELECT $1, md5('u' || n)::uuid, CASE WHEN n = 1 THEN '{admin}'::text[] ELSE '{member}'::text[] END,
      now() - interval '90 days'
    FROM generate_series(1, $2::int) n`,
    [COMPANY, members],
  );
});
let policyId = '';
// Creating a policy for everyone fills policy_assignees with the whole audience (one row per person,
// by trigger): the seed's, timed on its own through a pool without the 5 s read timeout (the
// admin's path is measured at the end).
const slow = await openDatabase({ databaseUrl: url, poolSize: 1, queryTimeoutMs: 600_000 });
let created: Awaited<ReturnType<typeof createPolicy>> | null = null;
await step(`create a published policy for all ${members.toLocaleString('en')}`, async () => {
  created = await slow.system((tx) =>
    createPolicy(tx, COMPANY, {
      title: 'Code of Conduct',
      dueDays: 14,
      versions: [{ body: { html: '<p>Be kind.</p>' }, publishedDaysAgo: 20 }],
    }),
  );
});
await slow.close();
await step("seed: the creation's Stats series job (everyone re-derived, in parts)", async () => {
  const [job] = await db.query<{ id: string; payload: { policyIds: string[] } }>(
    `SELECT id, payload FROM jobs WHERE company_id = $1 AND type = 'stats.policy_series' AND state = 'queued'`,
    [COMPANY],
  );
  if (job) await runSeriesJob(job);
  await q(`UPDATE jobs SET state = 'done' WHERE company_id = $1 AND type = 'stats.policy_series'`, [COMPANY]);
  // As autovacuum would after 200,000 new rows: planned for the empty table it was analysed as, the
  // acknowledgements' take-back below read the whole table per person (minutes; 6.5 s analysed).
  await q('ANALYZE stats_policy_member_changes, stats_scope_policy_changes');
});
// In parts of 5,000 people, the table analysed after each as autovacuum would: each statement
// re-derives its people's policy series (migration 0043), and one statement of 50,000 into a table
// the planner still took for empty joined the new rows by reading them all per person (minutes).
await step('seed: half of them acknowledge it (5,000 a statement)', async () => {
  const p = created!;
  policyId = p.id;
  for (let from = 1; from <= members; from += 10_000) {
    await q(
      `INSERT INTO policy_acknowledgements (company_id, policy_id, version_id, version_number, user_id, content_sha256)
      SELECT $1, $2, $3, 1, md5('u' || n)::uuid, $4 FROM generate_series($5::int, $6::int, 2) n`,
      [COMPANY, p.id, p.versions[0]!.id, p.versions[0]!.sha, from, Math.min(members, from + 9_999)],
    );
    await q('ANALYZE policy_acknowledgements');
  }
});
// The audit rows go through the chaining trigger, in chunks of 100,000 (one transaction each).
const auditSeed = await step(
  `seed: ${auditRows.toLocaleString('en')} audit rows through the chaining trigger`,
  async () => {
    for (let from = 1; from <= auditRows; from += 100_000) {
      const to = Math.min(auditRows, from + 99_999);
      await q(
        `INSERT INTO audit_log (company_id, actor_user_id, action, target_type, target_id, after, ip, created_at)
      SELECT $1, md5('u' || (1 + n % 50))::uuid,
        (ARRAY['policy.update', 'team.update', 'member.update', 'policy.acknowledge'])[1 + n % 4],
        'policy', $2, jsonb_build_object('n', n), '203.0.113.1', now() - make_interval(secs => $3::int - n)
      FROM generate_series($4::int, $5::int) n`,
        [COMPANY, policyId, auditRows, from, to],
      );
    }
  },
);
console.log(`  chaining insert rate: ${Math.round(auditRows / (auditSeed / 1000)).toLocaleString('en')} rows/s`);
// VACUUM as autovacuum would after bulk writes: the visibility map lets the tracking list's
// index-only scans skip the heap (a fresh or just-rewritten table fetches every row).
await q('VACUUM ANALYZE');
await seed.end();

const ctx = forCompany(createCtx(infra, { actor: { userId: '00000000-0000-0000-0000-000000000000' } }), COMPANY);

/** The bare primary-key select of this run: every figure is also printed as a multiple of its p50 / p99. */
let baseline: { p50: number; p99: number } | null = null;

/** 10 callers, `requests` calls in all; p50/p95/p99 of each call's latency. */
async function load(label: string, call: (i: number) => Promise<unknown>, n = requests) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < n) {
        const i = next++;
        const s = performance.now();
        await call(i);
        times.push(performance.now() - s);
      }
    }),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  const ratio = baseline
    ? `  = ${(q(50) / baseline.p50).toFixed(1)}× / ${(q(99) / baseline.p99).toFixed(1)}× the PK select`
    : '';
  console.log(
    `${label.padEnd(58)} p50 ${ms(q(50))}  p95 ${ms(q(95))}  p99 ${ms(q(99))}  (${Math.round((times.length / wall) * 1000)}/s)${ratio}`,
  );
  return { p50: q(50), p99: q(99) };
}

baseline = await load(
  'bare primary-key select (baseline, same scope and pool)',
  (i) =>
    db.scoped({ companyId: COMPANY }, (tx) =>
      tx.execute(sql`SELECT id, email FROM users WHERE id = md5(${`u${1 + (i % 1000)}`})::uuid`),
    ),
  1000,
);

const base = { page: 1, itemsPerPage: 10, order: 'asc' as const };
await load('tracking page 1 with completion figures', () =>
  tracking.tracking(ctx, { id: policyId, ...base, sort: 'name' }),
);
await load('completion figures (dashboard summary)', () => tracking.complianceSummary(ctx));
await load('overdue list, page 1', () =>
  tracking.tracking(ctx, { id: policyId, ...base, sort: 'name', status: 'overdue' }),
);
await load('overdue list, page 500', () =>
  tracking.tracking(ctx, { id: policyId, ...base, page: 500, sort: 'name', status: 'overdue' }),
);
await load('overdue list, page 1, sorted by due date', () =>
  tracking.tracking(ctx, { id: policyId, ...base, sort: 'dueAt', status: 'overdue' }),
);
await load('overdue list, page 1, searched "number 1"', () =>
  tracking.tracking(ctx, { id: policyId, ...base, sort: 'name', status: 'overdue', search: 'number 1' }),
);
await load('overdue list, page 50, searched "number 1"', () =>
  tracking.tracking(ctx, { id: policyId, ...base, page: 50, sort: 'name', status: 'overdue', search: 'number 1' }),
);
await load('overdue list, searched "person12345@"', () =>
  tracking.tracking(ctx, { id: policyId, ...base, sort: 'name', status: 'overdue', search: 'person12345@' }),
);
await load('audit log page 1 (unfiltered, newest first)', () => audit.list(ctx, { ...base, order: 'desc' }));
await load('audit log filtered by action, page 3', () =>
  audit.list(ctx, { ...base, page: 3, order: 'desc', action: 'policy.acknowledge' }),
);

await policies.setDraftText(ctx, { id: policyId, html: '<p>Be kind, everywhere.</p>' });
const current = await policies.get(ctx, policyId);
// While the publish runs, 10 callers keep asking for the baseline's primary-key select: its
// latencies during the publish say whether other requests stall.
let publishing = true;
const during: number[] = [];
const others = Promise.all(
  Array.from({ length: 10 }, async (_, c) => {
    for (let i = c; publishing; i += 10) {
      const s = performance.now();
      await db.scoped({ companyId: COMPANY }, (tx) =>
        tx.execute(sql`SELECT id, email FROM users WHERE id = md5(${`u${1 + (i % 1000)}`})::uuid`),
      );
      during.push(performance.now() - s);
    }
  }),
);
const publishedAt = new Date();
await step(`publish v2 needing re-acknowledgement by ${members.toLocaleString('en')}`, () =>
  policies.publish(ctx, { id: policyId, version: current.version, requiresAck: true }),
);
publishing = false;
await others;
during.sort((a, b) => a - b);
const pct = (p: number) => during[Math.min(during.length - 1, Math.floor((p / 100) * during.length))]!;
console.log(
  `  PK selects served meanwhile: ${during.length}, p50 ${ms(pct(50))}  p99 ${ms(pct(99))}  max ${ms(during.at(-1)!)}`,
);
const after = await tracking.tracking(ctx, { id: policyId, ...base, sort: 'name' });
console.log(
  `  after publishing: ${after.summary.outstanding + after.summary.overdue} outstanding of ${after.summary.assigned}`,
);
await load('completion figures after the publish', () => tracking.complianceSummary(ctx));

// Stats' policy series after the publish (migration 0045): in a company over
// stats_policy_inline_max() members the publish enqueued a job; it runs here as the runner would run
// it, while 10 callers keep asking for the baseline's select and one person after another
// acknowledges the new version (each acknowledgement re-derives its person, waiting for the part
// that holds them, if any).
const seriesJobs = await db.query<{ id: string; payload: { policyIds: string[] } }>(
  `SELECT id, payload FROM jobs WHERE company_id = $1 AND type = 'stats.policy_series' AND state = 'queued'
      AND created_at >= $2`,
  [COMPANY, publishedAt],
);
console.log(`  Stats series jobs the publish enqueued: ${seriesJobs.length}`);
if (seriesJobs.length > 0) {
  const v2 = await db.query<{ id: string; content_sha256: string }>(
    `SELECT id, content_sha256 FROM policy_versions WHERE policy_id = $1 AND number = 2`,
    [policyId],
  );
  let running = true;
  const selects: number[] = [];
  const acks: number[] = [];
  const load10 = Promise.all(
    Array.from({ length: 10 }, async (_, c) => {
      for (let i = c; running; i += 10) {
        const s = performance.now();
        if (c === 0) {
          // People spread over the id order, so some fall in parts still to come, some in parts done.
          const n = 2 + ((i * 7919) % (members - 2));
          await db.scoped({ companyId: COMPANY }, (tx) =>
            tx.execute(sql`INSERT INTO policy_acknowledgements (company_id, policy_id, version_id, version_number, user_id, content_sha256)
                           VALUES (${COMPANY}, ${policyId}, ${v2[0]!.id}, 2, md5(${`u${n}`})::uuid, ${v2[0]!.content_sha256})
                           ON CONFLICT DO NOTHING`),
          );
          acks.push(performance.now() - s);
        } else {
          await db.scoped({ companyId: COMPANY }, (tx) =>
            tx.execute(sql`SELECT id, email FROM users WHERE id = md5(${`u${1 + (i % 1000)}`})::uuid`),
          );
          selects.push(performance.now() - s);
        }
      }
    }),
  );
  await step('  the series job: everyone re-derived in parts', async () => {
    for (const j of seriesJobs) await runSeriesJob(j);
  });
  running = false;
  await load10;
  const at = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  console.log(
    `  meanwhile: ${selects.length} PK selects p50 ${ms(at(selects, 50))} p99 ${ms(at(selects, 99))}; ${acks.length} acknowledgements p50 ${ms(at(acks, 50))} p99 ${ms(at(acks, 99))} max ${ms(at(acks, 100))}`,
  );
}

// Creating a policy for everyone as an admin does it: the route's service on the app's pool (5 s
// per statement), in a bulk transaction (a minute per statement) since its audience is the company.
let secondId = '';
await step(`create a policy for all ${members.toLocaleString('en')} through the admin service`, async () => {
  const made = await policies.create(ctx, {
    title: 'Travel policy',
    audience: { all: true, teamUuids: [], departmentUuids: [] },
  });
  secondId = made.uuid;
});
const [audience] = await db.query<{ n: number }>(
  'SELECT count(*)::int AS n FROM policy_assignees WHERE company_id = $1 AND policy_id = $2',
  [COMPANY, secondId],
);
console.log(`  its audience (a draft, not yet tracked): ${audience?.n.toLocaleString('en')} people`);

const v = await verifyChain(ctx);
console.log(
  `audit:verify over ${v.checked.toLocaleString('en')} rows: ${v.intact ? 'intact' : 'BROKEN'} in ${ms(v.millis)} (${Math.round(v.checked / (v.millis / 1000)).toLocaleString('en')} rows/s)`,
);
console.log(`total ${ms(performance.now() - t0)}`);
await db.close();
// The bench's own database is dropped afterwards (`--keep` to look at it with psql).
if (!process.argv.includes('--keep')) {
  const drop = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await drop.connect();
  await drop.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await drop.end();
}
