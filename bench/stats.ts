/**
 * Stats benchmark (reduced scale, in process): one company of --members people with --days days of
 * attendance in PGlite (memory), written through the trigger that keeps `stats_member_days`; then
 * GET /api/stats per range (first call and --repeat more, sequential), single clock-in-like inserts
 * (the trigger's cost on a write), and the rebuild.
 *
 *   node --import tsx bench/stats.ts --members 1000 --days 365 --repeat 20
 *
 * Prints a Markdown table for bench/RESULTS.md.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createSchedule, setCompanyTimeZone, weekdays } from '../apps/server/src/db/seed/attendance-factories';
import {
  addMembership,
  createCompany,
  createTeam,
  createUser,
  setEmployee,
} from '../apps/server/src/db/seed/factories';
import { createCtx, forCompany } from '../apps/server/src/lib/context';
import { rebuild } from '../apps/server/src/modules/stats/stats.service';
import { call, createTestApp, tokenFor } from '../apps/server/src/test/harness';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '1000' },
    days: { type: 'string', default: '365' },
    repeat: { type: 'string', default: '20' },
  },
});
const MEMBERS = Number(args.members);
const DAYS = Number(args.days);
const REPEAT = Number(args.repeat);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;

const t = await createTestApp();
const started = performance.now();
const ids = await t.db.system(async (tx) => {
  const c = await createCompany(tx, { name: 'Bench', subDomain: 'bench' });
  await setCompanyTimeZone(tx, c.id, 'Europe/Berlin');
  await createSchedule(tx, c.id, {
    name: 'Office',
    isDefault: true,
    graceMinutes: 10,
    breakMinutes: 30,
    days: weekdays(),
  });
  const users: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const u = await createUser(tx, { email: `b${i}@bench.test`, firstName: `B${i}` });
    await addMembership(tx, c.id, u.id, { roles: i === 0 ? ['admin'] : ['member'] });
    await setEmployee(tx, c.id, u.id, { startDate: i % 10 === 9 ? '2026-06-01' : '2020-01-01' });
    users.push(u.id);
  }
  const team = await createTeam(tx, c.id, { name: 'Half', memberIds: users.filter((_, i) => i % 2 === 0) });
  return { company: c.id, admin: users[0]!, team: team.id, users };
});
const seeded = performance.now();
console.error(`seeded in ${ms(seeded - started)}`);
// Weekdays of the last DAYS days, 90% present, random 8:40–9:30 in, ~8.5 h.
await t.db.system((tx) =>
  tx.execute(sql`INSERT INTO attendance_entries (company_id, user_id, work_date, clock_in, clock_out, status)
    SELECT ${ids.company}::uuid, m.user_id, d::date,
           (d::date + time '08:40' + (random() * 50) * interval '1 minute') AT TIME ZONE 'Europe/Berlin',
           (d::date + time '17:10' + (random() * 60) * interval '1 minute') AT TIME ZONE 'Europe/Berlin',
           'closed'
      FROM memberships m
      CROSS JOIN generate_series(current_date - ${DAYS}::int, current_date - 1, interval '1 day') d
     WHERE m.company_id = ${ids.company} AND extract(isodow FROM d) < 6 AND random() < 0.9`),
);
const inserted = performance.now();
// PGlite has no autovacuum: without fresh statistics the planner nests loops over the aggregate.
if (!process.argv.includes('--no-analyze')) await t.db.system((tx) => tx.execute(sql`ANALYZE`));
console.error(`entries in ${ms(inserted - seeded)}`);
const [{ n: entries } = { n: 0 }] = (
  await t.db.system((tx) => tx.execute(sql`SELECT count(*)::int AS n FROM attendance_entries`))
).rows as Array<{ n: number }>;

const { token } = await tokenFor(t.app, ids.admin, ids.company);
const rows: string[] = [];
for (const [label, q] of [
  ['Last 28 Days', 'range=last28'],
  ['Last Month', 'range=lastMonth'],
  ['Last Year', 'range=lastYear'],
  ['Last Year, one team', `range=lastYear&team=${ids.team}`],
] as const) {
  const one = async () => {
    const s = performance.now();
    const r = await call(t.app, { method: 'GET', url: `/api/stats?${q}`, host: 'bench', token });
    if (r.statusCode !== 200) throw new Error(`${label}: ${r.statusCode} ${r.body}`);
    return performance.now() - s;
  };
  const first = await one();
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) times.push(await one());
  console.error(label, ms(first));
  rows.push(`| GET /api/stats ${label} | ${ms(first)} | ${ms(pct(times, 50))} | ${ms(pct(times, 99))} |`);
}

// A clock-in-like write: one entry per transaction, through the trigger.
const writes: number[] = [];
for (let i = 0; i < 100; i++) {
  const s = performance.now();
  await t.db.system((tx) =>
    tx.execute(sql`INSERT INTO attendance_entries (company_id, user_id, work_date, clock_in, clock_out, status)
      VALUES (${ids.company}, ${ids.users[i % ids.users.length]!}, current_date + 400, now(), now() + interval '8 hours', 'closed')`),
  );
  writes.push(performance.now() - s);
}
rows.push(
  `| one entry insert (trigger keeps the aggregate) | ${ms(writes[0]!)} | ${ms(pct(writes, 50))} | ${ms(pct(writes, 99))} |`,
);
const rb = performance.now();
const memberDays = await rebuild(forCompany(createCtx(t.app), ids.company));
const rebuilt = performance.now() - rb;

console.log(`PGlite (memory), ${MEMBERS} members, ${entries} entries over ${DAYS} days; ${REPEAT} sequential repeats`);
console.log(
  `seed ${ms(seeded - started)}, entries insert through the trigger ${ms(inserted - seeded)} (${((inserted - seeded) / Math.max(1, entries)).toFixed(3)} ms/row), rebuild ${ms(rebuilt)} (${memberDays} member-days)\n`,
);
console.log('| request | first | p50 | p99 |');
console.log('| --- | --- | --- | --- |');
for (const r of rows) console.log(r);
await t.close();
