/**
 * Every documented GET of the console, called serially on a large bench database: a finder of the
 * slow answer nobody measured (a plan that flipped at scale, a list without its index). Not a load
 * test: each route is called a few times through the real app (`inject`, under row-level security)
 * as the company's first admin, its median and worst printed, slowest first.
 *
 *   node --import tsx bench/sweep.ts --database-url postgres://postgres@127.0.0.1:5432/wac_bench_att100 [--calls 5] [--over 20]
 *
 * Path parameters are filled with an id of the company where the route names one the sweep knows
 * (a user, team, department, policy, time-off request, certification type); other such routes are
 * listed as skipped. List routes are also called searched (`search=ada`, `a`, `zq`) and at page 50 when their
 * query takes those. Read-only: nothing is written but the admin's session.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { sessions } from '../apps/server/src/db/schema/index';
import { createMemoryBus } from '../apps/server/src/lib/bus';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    calls: { type: 'string', default: '5' },
    over: { type: 'string', default: '0' },
  },
});
const db = await openDatabase({ databaseUrl: args['database-url']!, poolSize: 2 });
const app = await buildApp({ config: testConfig(), db, bus: createMemoryBus() });
await app.ready();

type Row = Record<string, string>;
const one = async (q: ReturnType<typeof sql>) =>
  ((await db.system((tx) => tx.execute(q))) as unknown as { rows: Row[] }).rows[0];
// The company with the most members, and its first admin.
const co = (await one(sql`SELECT c.id, c.sub_domain FROM companies c
  ORDER BY (SELECT count(*) FROM memberships m WHERE m.company_id = c.id) DESC LIMIT 1`))!;
const admin = (await one(sql`SELECT user_id FROM memberships WHERE company_id = ${co.id} AND 'admin' = ANY(roles)
  ORDER BY created_at LIMIT 1`))!;
const ids: Record<string, string | undefined> = {
  user: admin.user_id,
  team: (await one(sql`SELECT id FROM teams WHERE company_id = ${co.id} LIMIT 1`))?.id,
  department: (await one(sql`SELECT id FROM departments WHERE company_id = ${co.id} LIMIT 1`))?.id,
  policy: (await one(sql`SELECT id FROM policies WHERE company_id = ${co.id} LIMIT 1`))?.id,
  request: (await one(sql`SELECT id FROM time_off_requests WHERE company_id = ${co.id} LIMIT 1`))?.id,
  certification: (await one(sql`SELECT id FROM certification_types WHERE company_id = ${co.id} LIMIT 1`))?.id,
  schedule: (await one(sql`SELECT id FROM work_schedules WHERE company_id = ${co.id} LIMIT 1`))?.id,
};
const [session] = await db.system((tx) =>
  tx
    .insert(sessions)
    .values({ userId: admin.user_id!, companyId: co.id!, expiresAt: new Date(Date.now() + 3_600_000) })
    .returning(),
);
const token = await app.tokens.sign({
  uuid: admin.user_id!,
  companyUuids: [],
  roles: ['admin'],
  sid: session!.id,
  cid: co.id!,
});

const doc = app.swagger() as {
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
};
/** Which id a path parameter asks for, from the parameter's name and the path around it. */
function fill(path: string): string | null {
  let ok = true;
  const out = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const before = path.slice(0, path.indexOf(`{${name}}`));
    const kind = /users|members|employees|people|timesheets|balances/.test(before)
      ? 'user'
      : /teams/.test(before)
        ? 'team'
        : /departments/.test(before)
          ? 'department'
          : /policies/.test(before)
            ? 'policy'
            : /time-off/.test(before)
              ? 'request'
              : /certification/.test(before)
                ? 'certification'
                : /schedules/.test(before)
                  ? 'schedule'
                  : null;
    const id = kind ? ids[kind] : undefined;
    if (!id) ok = false;
    return id ?? '';
  });
  return ok ? out : null;
}

const calls = Number(args.calls);
const results: Array<{ url: string; status: number; med: number; max: number }> = [];
const skipped: string[] = [];
for (const [path, ops] of Object.entries(doc.paths)) {
  const get = ops.get;
  if (!get || path.includes('/events') || path.endsWith('/export') || path.includes('.csv')) continue;
  const filled = fill(path);
  if (filled === null) {
    skipped.push(path);
    continue;
  }
  const query = new Set((get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
  const variants = [filled];
  // "ada", and the broadest a person types: one letter, and a rare pair that walks everything.
  if (query.has('search')) variants.push(`${filled}?search=ada`, `${filled}?search=a`, `${filled}?search=zq`);
  if (query.has('page')) variants.push(`${filled}?page=50`);
  for (const url of variants) {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      const r = await app.inject({
        method: 'GET',
        url,
        headers: { host: `${co.sub_domain}.localhost`, authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      times.push(performance.now() - t0);
      status = r.statusCode;
    }
    times.sort((a, b) => a - b);
    results.push({ url, status, med: times[Math.floor(times.length / 2)]!, max: times[times.length - 1]! });
  }
}
results.sort((a, b) => b.med - a.med);
for (const r of results.filter((x) => x.med >= Number(args.over)))
  console.log(`${r.med.toFixed(1).padStart(8)} ms med ${r.max.toFixed(1).padStart(8)} ms max  ${r.status}  ${r.url}`);
if (skipped.length) console.log(`skipped (no id for a path parameter): ${skipped.join(', ')}`);
await db.system((tx) => tx.execute(sql`DELETE FROM sessions WHERE id = ${session!.id}`));
await app.close();
await db.close();
