/**
 * Certifications at scale (issue 11): one company of N members, "First aid" needed by everyone (70 %
 * hold one, expiries spread from 100 days ago to two years ahead, a tenth renewed once, so two
 * records) and "Forklift" needed by one team of 10 % of them. Measures, through the real services
 * (scoped, under row-level security), at 10 concurrent callers: the types page with its four counts
 * per type, the holders list (page 1 by name; expiring; missing searched and paged; sorted by
 * expiry), one member's own list, the daily reminder scan's query once, and with 25 types a Stats
 * answer with its Certifications valid % read (cold) and kept (warm).
 *
 *   node --import tsx bench/certifications.ts [--members 100000] [--database-url postgres://…/wac_bench_certifications]
 *
 * Drops and recreates its own database (the name must contain `bench`).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createCertificationType } from '../apps/server/src/db/seed/certification-factories';
import { createMemoryBus } from '../apps/server/src/lib/bus';
import { createCtx, forCompany } from '../apps/server/src/lib/context';
import * as reminderRepo from '../apps/server/src/modules/certifications/reminders.repository';
import * as certifications from '../apps/server/src/modules/certifications/certifications.service';
import { forgetKeptCounts } from '../apps/server/src/modules/certifications/kept-counts';
import * as my from '../apps/server/src/modules/certifications/my-certifications.service';
import { forgetKeptCertifications } from '../apps/server/src/modules/stats/kept-certifications';
import { stats } from '../apps/server/src/modules/stats/stats.service';
import { ms, withDatabase } from './lib/util';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/wac_bench_certifications' },
    members: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
  },
});
const url = args['database-url']!;
const members = Number(args.members);
const requests = Number(args.requests);
const dbName = new URL(url).pathname.slice(1);
if (!dbName.includes('bench')) throw new Error('the database name must contain "bench"');

const t0 = performance.now();
const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${dbName}"`);
const db = await openDatabase({ databaseUrl: url, poolSize: 12 });
await db.migrate();
const seed = new pg.Client({ connectionString: url });
await seed.connect();
const q = (text: string, params: unknown[] = []) => seed.query(text, params);

const COMPANY = '00000000-0000-4000-8000-00000000c0de';
const TEAM = '00000000-0000-4000-8000-00000007ea3a';
const step = async (label: string, fn: () => Promise<unknown>) => {
  const s = performance.now();
  await fn();
  const took = performance.now() - s;
  console.log(`${label.padEnd(58)} ${ms(took)}`);
  return took;
};

await step(`seed: company, ${members.toLocaleString('en')} users and members, a team of 10 %`, async () => {
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
  await q(`INSERT INTO teams (id, company_id, name) VALUES ($1, $2, 'Warehouse')`, [TEAM, COMPANY]);
  await q(
    `INSERT INTO team_members (company_id, team_id, user_id)
    SELECT $1, $2, md5('u' || n)::uuid FROM generate_series(1, $3::int, 10) n`,
    [COMPANY, TEAM, members],
  );
});
let firstAid = '';
await step('seed: First aid for everyone (70 % hold it), Forklift for the team', async () => {
  const [fa, fl] = await db.system(async (tx) => [
    await createCertificationType(tx, COMPANY, { name: 'First aid', validityMonths: 24 }),
    await createCertificationType(tx, COMPANY, { name: 'Forklift', validityMonths: 36, audienceTeamIds: [TEAM] }),
  ]);
  firstAid = fa!.id;
  await q(
    `INSERT INTO certification_records (company_id, type_id, user_id, issued_on, expires_on)
    SELECT $1, $2, md5('u' || n)::uuid, current_date - 400 + (n % 800), current_date - 100 + (n % 800)
    FROM generate_series(1, $3::int) n WHERE n % 10 < 7`,
    [COMPANY, fa!.id, members],
  );
  // A tenth renewed once: an older record beside the one that counts.
  await q(
    `INSERT INTO certification_records (company_id, type_id, user_id, issued_on, expires_on)
    SELECT $1, $2, md5('u' || n)::uuid, current_date - 1200 + (n % 800), current_date - 500 + (n % 800)
    FROM generate_series(1, $3::int) n WHERE n % 10 = 0`,
    [COMPANY, fa!.id, members],
  );
  await q(
    `INSERT INTO certification_records (company_id, type_id, user_id, issued_on, expires_on)
    SELECT $1, $2, md5('u' || n)::uuid, current_date - 300, current_date + (n % 90) - 20
    FROM generate_series(1, $3::int, 20) n`,
    [COMPANY, fl!.id, members],
  );
  // What certification_refresh_current leaves after each write: the last-expiring record of each person is current.
  await q(
    `UPDATE certification_records r SET is_current = true FROM (
      SELECT DISTINCT ON (company_id, type_id, user_id) id FROM certification_records
      ORDER BY company_id, type_id, user_id, expires_on DESC, created_at DESC, id DESC) best
    WHERE r.id = best.id`,
  );
});
await q('ANALYZE');
const [{ n: recordCount }] = (await q('SELECT count(*)::int AS n FROM certification_records')).rows as [{ n: number }];
console.log(`  ${recordCount.toLocaleString('en')} records`);
await seed.end();

const infra = {
  config: { baseDomain: 'localhost' } as Config,
  db,
  bus: createMemoryBus(),
  mailer: null as never,
  tokens: null as never,
  log: { info() {}, warn() {}, error() {} },
};
const ctx = forCompany(createCtx(infra, { actor: { userId: '00000000-0000-0000-0000-000000000000' } }), COMPANY);
const member = forCompany(
  createCtx(infra, { actor: { userId: (await admin.query(`SELECT md5('u' || 12345)::uuid AS id`)).rows[0].id } }),
  COMPANY,
);
await admin.end();

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
  const p = (x: number) => times[Math.min(times.length - 1, Math.floor((x / 100) * times.length))]!;
  const ratio = baseline
    ? `  = ${(p(50) / baseline.p50).toFixed(1)}× / ${(p(99) / baseline.p99).toFixed(1)}× the PK select`
    : '';
  console.log(
    `${label.padEnd(58)} p50 ${ms(p(50))}  p95 ${ms(p(95))}  p99 ${ms(p(99))}  (${Math.round((times.length / wall) * 1000)}/s)${ratio}`,
  );
  return { p50: p(50), p99: p(99) };
}

const userIds = Array.from({ length: 1000 }, (_, i) => i + 1);
baseline = await load(
  'bare primary-key select (baseline, same scope and pool)',
  (i) =>
    db.scoped({ companyId: COMPANY }, (tx) =>
      tx.execute(sql`SELECT id, email FROM users WHERE id = md5(${`u${userIds[i % userIds.length]}`})::uuid`),
    ),
  1000,
);
const base = { page: 1, itemsPerPage: 25, order: 'asc' as const };
const types = await certifications.listTypes(ctx, { ...base, sort: 'name' });
console.log(`  counts: ${types.data.map((t) => `${t.name} ${JSON.stringify(t.counts)}`).join('; ')}`);
/** Five answers one after another, each after forgetting what the process keeps (decisions 032, 033). */
async function cold(label: string, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    forgetKeptCounts();
    forgetKeptCertifications();
    const s = performance.now();
    await fn();
    times.push(performance.now() - s);
  }
  console.log(`${`${label}, cold (serial, 5)`.padEnd(58)} ${times.map(ms).join(', ')}`);
}
const typesPage = () => certifications.listTypes(ctx, { ...base, sort: 'name' });
// The types' counts are kept by the process under the company's count of changes and date
// (decision 033): cold forgets them before each answer; the load rows after it find them kept.
await cold('types page with counts (2 types)', typesPage);
await load('types page with counts (2 types), kept', typesPage, 100);
await cold("dashboard's certification backlog (2 types)", () => certifications.backlog(ctx));
await load("dashboard's certification backlog (2 types), kept", () => certifications.backlog(ctx));
await load('holders page 1 by name (total from the counts)', () =>
  certifications.holders(ctx, { id: firstAid, ...base, sort: 'name' }),
);
await load('holders: expiring, page 1', () =>
  certifications.holders(ctx, { id: firstAid, ...base, sort: 'name', status: 'expiring' }),
);
await load('holders: missing, searched "number 1", page 5', () =>
  certifications.holders(ctx, { id: firstAid, ...base, page: 5, sort: 'name', status: 'missing', search: 'number 1' }),
);
await load('holders: team filter, sorted by expiry', () =>
  certifications.holders(ctx, { id: firstAid, ...base, sort: 'expiresOn', teamUuid: TEAM }),
);
await load('my certifications (one member)', () => my.mine(member));
await step('reminder scan query: people to remind today', async () => {
  const people = await db.scoped({ companyId: COMPANY }, async (tx) =>
    reminderRepo.peopleToRemind(tx, COMPANY, new Date().toISOString().slice(0, 10)),
  );
  console.log(`  ${people.length.toLocaleString('en')} people to remind`);
});
// 23 more types (everyone, or the team), no records yet: a full page of 25 is still one grouped pass.
await db.system(async (tx) => {
  for (let i = 1; i <= 23; i++)
    await createCertificationType(tx, COMPANY, {
      name: `Extra ${String(i).padStart(2, '0')}`,
      ...(i % 2 ? {} : { audienceTeamIds: [TEAM] }),
    });
});
await cold('types page with counts (25 types)', typesPage);
await load('types page with counts (25 types), kept', typesPage, 100);
await cold("dashboard's certification backlog (25 types)", () => certifications.backlog(ctx));
await load("dashboard's certification backlog (25 types), kept", () => certifications.backlog(ctx));
// Ten callers at once on a count nobody has read yet share one pass.
forgetKeptCounts();
const sharedTypes = performance.now();
await Promise.all(Array.from({ length: 10 }, typesPage));
console.log(`${'types page (25 types), 10 cold callers at once'.padEnd(58)} ${ms(performance.now() - sharedTypes)}`);
// Stats with 25 types: Certifications valid % is read from the members once per count of changes,
// scope and ends, then kept by the process (decision 032); cold forgets it before each answer.
const last28 = { range: 'last28' } as Parameters<typeof stats>[1];
const answer = await stats(ctx, last28);
console.log(`  certifications valid: ${JSON.stringify(answer.kpis.find((k) => k.key === 'certificationsValid'))}`);
const coldTimes: number[] = [];
for (let i = 0; i < 5; i++) {
  forgetKeptCertifications();
  const s = performance.now();
  await stats(ctx, last28);
  coldTimes.push(performance.now() - s);
}
console.log(`${'Stats Last 28 Days, certifications cold (serial, 5)'.padEnd(58)} ${coldTimes.map(ms).join(', ')}`);
await load('Stats Last 28 Days, certifications kept', () => stats(ctx, last28));
// The team's scope is read once (its first answer, cold), then kept.
const teamFilter = { ...last28, team: TEAM };
const teamCold = performance.now();
await stats(ctx, teamFilter);
console.log(
  `${'Stats Last 28 Days of the team, certifications cold (one)'.padEnd(58)} ${ms(performance.now() - teamCold)}`,
);
await load('Stats Last 28 Days of the team, certifications kept', () => stats(ctx, teamFilter));
// Ten callers at once on a count nobody has read yet share one statement (sharedRun).
forgetKeptCertifications();
const shared = performance.now();
await Promise.all(Array.from({ length: 10 }, () => stats(ctx, last28)));
console.log(
  `${'Stats Last 28 Days, 10 cold callers at once (all answered)'.padEnd(58)} ${ms(performance.now() - shared)}`,
);
console.log(`total ${ms(performance.now() - t0)}`);
await db.close();
if (!args.keep) {
  const drop = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await drop.connect();
  await drop.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await drop.end();
}
