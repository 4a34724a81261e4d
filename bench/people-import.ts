/**
 * People: a 10,000-row employee-record import through the members CSV import (preview, then commit),
 * then the same file again (every row "no change"), then the members export and its re-import, then
 * a file of as many new people (invitations, their audit rows and mail jobs, under a raised limit).
 * Runs in-process through `app.inject` (the upload, parse, checks, writes and audit of the real
 * route), on embedded PGlite or on PostgreSQL (its own database `wac_bench_people`, dropped and
 * recreated):
 *
 *   node --import tsx bench/people-import.ts                          # PGlite in memory
 *   node --import tsx bench/people-import.ts --engine pg              # PostgreSQL 127.0.0.1:5432
 *   options: --rows 10000 --database-url postgres://…/wac_bench_people
 *   (PostgreSQL statements may take 120 s here, not the server's 5 s: seeding 100,000 members is one statement)
 *
 * Every row changes a record: job title, one of 20 departments (by name), a manager (by email: the
 * people of each block of 100 report to the block's first person), employment type, start date, a
 * work phone and two custom fields. Prints a Markdown table.
 */
import { parseArgs } from 'node:util';
import { IMPORT_MAX_ROWS } from '@wac/shared/constants';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { addMembership, createCompany, createDepartment, createUser } from '../apps/server/src/db/seed/factories';
import { createMemoryBus } from '../apps/server/src/lib/bus';
import { rows } from '../apps/server/src/lib/sql';
import { tokenFor } from '../apps/server/src/test/harness';
import { multipart } from '../apps/server/src/test/multipart';
import { ms, withDatabase } from './lib/util';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    rows: { type: 'string', default: '10000' },
    /** `records`, `invite` or both (comma-separated). */
    steps: { type: 'string', default: 'records,invite' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/wac_bench_people' },
  },
});
const N = Number(args.rows);
const PG_URL = args['database-url']!;

async function open() {
  if (args.engine !== 'pg') {
    const db = await openDatabase({ dataDir: 'memory://' });
    await db.migrate();
    return { db, drop: () => db.close() };
  }
  const name = new URL(PG_URL).pathname.slice(1);
  if (!name.includes('bench')) throw new Error('the database name must contain "bench"');
  const admin = new pg.Client({ connectionString: withDatabase(PG_URL, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const db = await openDatabase({ databaseUrl: PG_URL, poolSize: 4, queryTimeoutMs: 120_000 });
  await db.migrate();
  return {
    db,
    async drop() {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const { db, drop } = await open();
// No job runner: the commit is measured, not the mails it enqueues (the fault suite measures those).
const app = await buildApp({
  config: testConfig({ jobs: { enabled: false, pollMs: 1000 } }),
  db,
  bus: createMemoryBus(),
});
await app.ready();
const seeded = performance.now();
const ids = await db.system(async (tx) => {
  const c = await createCompany(tx, { name: 'Bench People', subDomain: 'benchpeople' });
  const admin = await createUser(tx, { email: 'admin@bench.example.com' });
  await addMembership(tx, c.id, admin.id, { roles: ['admin'] });
  await tx.execute(sql`INSERT INTO users (email, first_name, last_name)
    SELECT 'p' || g || '@bench.example.com', 'First' || g, 'Last' || g FROM generate_series(1, ${N}::int) g`);
  await tx.execute(sql`INSERT INTO memberships (company_id, user_id, roles)
    SELECT ${c.id}, id, '{member}' FROM users WHERE email LIKE 'p%@bench.example.com'`);
  for (let d = 1; d <= 20; d++) await createDepartment(tx, c.id, { name: `Department ${d}` });
  return { company: c.id, admin: admin.id };
});
let token = (await tokenFor(app, ids.admin, ids.company)).token;
const field = async (body: object) =>
  app.inject({
    method: 'POST',
    url: '/api/employees/fields',
    headers: { host: 'benchpeople.localhost', authorization: `Bearer ${token}` },
    payload: body,
  });
await field({ label: 'Badge', type: 'number' });
await field({ label: 'Shirt size', type: 'select', options: ['S', 'M', 'L'] });
const seedMs = performance.now() - seeded;

const header =
  'email,firstName,lastName,jobTitle,department,managerEmail,employmentType,startDate,workPhone,Badge,Shirt size';
const lines = Array.from({ length: N }, (_, i) => {
  const n = i + 1;
  const manager = n % 100 === 1 ? '' : `p${n - ((n - 1) % 100)}@bench.example.com`;
  return `p${n}@bench.example.com,First${n},Last${n},Engineer ${n % 7},Department ${1 + (n % 20)},${manager},full_time,2024-0${1 + (n % 9)}-15,+1 555 ${String(n).padStart(5, '0')},${n},${['S', 'M', 'L'][n % 3]}`;
});
const file = Buffer.from([header, ...lines].join('\r\n'));

async function send(url: string, body: Buffer) {
  const { payload, headers } = multipart(body, { filename: 'people.csv', contentType: 'text/csv' });
  // A fresh access token per step: a long run outlives one.
  token = (await tokenFor(app, ids.admin, ids.company)).token;
  const t0 = performance.now();
  const res = await app.inject({
    method: url.endsWith('.csv') ? 'GET' : 'POST',
    url,
    headers: { ...headers, host: 'benchpeople.localhost', authorization: `Bearer ${token}` },
    payload: url.endsWith('.csv') ? undefined : payload,
  });
  const took = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return { took, res };
}

const results = {
  rows: [] as Array<[string, number, string]>,
  // Printed as they come too: a long run that fails late still shows its figures.
  push(row: [string, number, string]) {
    this.rows.push(row);
    console.log(`${row[0]}: ${ms(row[1])} ${row[2]}`);
  },
};
const steps = new Set(args.steps!.split(','));
if (steps.has('records')) {
  const preview = await send('/api/members/import/preview', file);
  results.push(['preview (nothing written)', preview.took, JSON.stringify(pick(preview.res.json()))]);
  const commit = await send('/api/members/import', file);
  results.push(['commit (every record changes, audited)', commit.took, JSON.stringify(pick(commit.res.json()))]);
  const again = await send('/api/members/import', file);
  results.push(['same file again (no change)', again.took, JSON.stringify(pick(again.res.json()))]);
  const exported = await send('/api/members/export.csv', Buffer.alloc(0));
  results.push(['members export with record columns', exported.took, `${exported.res.body.length} bytes`]);
  // The import's own upload limit (32 MB) takes the export of every column back, up to the row cap
  // (the export holds the admin as well: N + 1 people).
  const exportedLines = exported.res.body.split('\r\n').filter(Boolean);
  const roundTripFile = exportedLines.slice(0, IMPORT_MAX_ROWS + 1).join('\r\n');
  const roundTrip = await send('/api/members/import', Buffer.from(roundTripFile));
  results.push([
    `export → import (round trip, ${Math.min(exportedLines.length - 1, IMPORT_MAX_ROWS)} lines, ${(roundTripFile.length / 1048576).toFixed(1)} MB)`,
    roundTrip.took,
    JSON.stringify(pick(roundTrip.res.json())),
  ]);
}

// N new people: N invitations and N mail jobs (and one audit row) in the request, once the super admin
// raised the company's invitation limits (the default quota would invite 300 and report the rest).
if (steps.has('invite')) {
  await db.system((tx) =>
    tx.execute(
      sql`UPDATE companies SET invitation_limit_hour = ${N}, invitation_limit_day = ${N} WHERE id = ${ids.company}`,
    ),
  );
  const newcomers = Buffer.from(
    [
      'email,firstName,lastName',
      ...Array.from({ length: N }, (_, i) => `new${i + 1}@bench.example.com,New${i + 1},Person`),
    ].join('\r\n'),
  );
  const invitePreview = await send('/api/members/import/preview', newcomers);
  results.push([`preview of ${N} new people`, invitePreview.took, JSON.stringify(pick(invitePreview.res.json()))]);
  const invite = await send('/api/members/import', newcomers);
  results.push([
    `commit: ${N} invitations and their mail jobs`,
    invite.took,
    `${JSON.stringify({ ...pick(invite.res.json()), invited: invite.res.json().imported })}, answer ${invite.res.body.length} bytes`,
  ]);
  const jobs = await db.system((tx) =>
    rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM jobs WHERE batch_id IS NOT NULL`),
  );
  results.push(['mail jobs enqueued by the commit', 0, String(jobs[0]?.n)]);
}

const audits = await db.system((tx) =>
  rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'employee.update'`),
);

function pick(r: { totalRows: number; validRows: number; invalidRows: number; updated: number }) {
  return { total: r.totalRows, valid: r.validRows, invalid: r.invalidRows, updated: r.updated };
}

console.log(
  `\n${args.engine === 'pg' ? 'PostgreSQL' : 'PGlite (memory)'}, ${N} rows, ${(file.length / 1024).toFixed(0)} KB file, seed ${ms(seedMs)}, employee.update audit rows ${audits[0]?.n}, steps ${args.steps}\n`,
);
console.log('| step | time | result |\n|---|---:|---|');
for (const [step, took, what] of results.rows) console.log(`| ${step} | ${ms(took)} | ${what} |`);
await app.close();
await drop();
