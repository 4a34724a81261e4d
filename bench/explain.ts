/**
 * EXPLAIN (ANALYZE, BUFFERS) of the members queries exactly as the app sends them: the real
 * repository functions run in a transaction scoped like a bigco admin's request (role wac_app,
 * row-level security on), with every statement prefixed by EXPLAIN. For finding which query or
 * index misses a target in api.ts.
 *
 *   node --import tsx bench/explain.ts [--database-url postgres://…/wac_bench] [--search ander]
 */
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { openDatabase, type Tx } from '../apps/server/src/db/client';
import * as members from '../apps/server/src/modules/members/members.repository';
import { ANCHOR_STEP } from '../apps/server/src/modules/members/page-anchors';
import { companyId, userId } from './lib/dataset';
import { DEFAULT_BENCH_DB_URL } from './lib/util';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: DEFAULT_BENCH_DB_URL },
    search: { type: 'string', default: 'ander' },
  },
});

const db = await openDatabase({ databaseUrl: args['database-url'], poolSize: 1 });
const scope = { companyId: companyId(1), userId: userId(1) };
const base = { sort: 'createdAt', order: 'asc' } as const;
const total = (await db.scoped(scope, (tx) => members.listMembersPage(tx, scope.companyId, base, 1, 0))).total;
const deep = Math.max(1, Math.floor(total / 20));
const deepOffset = (deep - 1) * 10;
// The anchor page-anchors.ts would start page `deep` from: the row just before the last multiple of its step.
const anchorAt = Math.floor(deepOffset / ANCHOR_STEP) * ANCHOR_STEP;
const anchor = await db.system(async (tx) => {
  const res = (await tx.execute(
    sql`SELECT created_at::text AS k, id FROM memberships WHERE company_id = ${scope.companyId}
         ORDER BY created_at, id OFFSET ${anchorAt - 1} LIMIT 1`,
  )) as unknown as { rows: Array<{ k: string; id: string }> };
  return res.rows[0]!;
});
// The keyset cursor the export holds halfway through (createdAt order), in the text form it uses.
const middle = await db.system(async (tx) => {
  const res = (await tx.execute(
    sql`SELECT created_at::text AS k, id FROM memberships WHERE company_id = ${scope.companyId}
         ORDER BY created_at, id OFFSET ${Math.floor(total / 2)} LIMIT 1`,
  )) as unknown as { rows: Array<{ k: string; id: string }> };
  return res.rows[0]!;
});

/** A Tx whose raw statements are explained instead of run (the repository uses tx.execute). */
function explaining(tx: Tx, sink: string[]): Tx {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (q: SQL) => {
        const res = (await target.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${q}`)) as unknown as {
          rows: Array<{ 'QUERY PLAN': string }>;
        };
        sink.push(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
        return { rows: [] };
      };
    },
  });
}

const cases: Array<[string, (tx: Tx) => Promise<unknown>]> = [
  ['members page 1 (sort createdAt) + total', (tx) => members.listMembersPage(tx, scope.companyId, base, 10, 0)],
  [
    `members page ${deep} from its anchor (skip ${deepOffset - anchorAt})`,
    (tx) => members.listMembersPage(tx, scope.companyId, base, 10, deepOffset - anchorAt, anchor),
  ],
  [`members page ${deep} by plain OFFSET`, (tx) => members.listMembersPage(tx, scope.companyId, base, 10, deepOffset)],
  [
    `anchors every ${ANCHOR_STEP} rows (once per version)`,
    (tx) => members.memberAnchors(tx, scope.companyId, base, ANCHOR_STEP),
  ],
  [
    'members page 1 sorted by name',
    (tx) => members.listMembersPage(tx, scope.companyId, { ...base, sort: 'name' }, 10, 0),
  ],
  [
    `search "${args.search}" page 1 + total`,
    (tx) => members.listMembersPage(tx, scope.companyId, { ...base, search: args.search }, 10, 0),
  ],
  ['export: first batch of 1000', (tx) => members.memberBatch(tx, scope.companyId, base, null, 1000)],
  ['export: a batch in the middle', (tx) => members.memberBatch(tx, scope.companyId, base, middle, 1000)],
];

console.log(`bigco: ${total} members; plans as a bigco admin's request sees them (RLS on)\n`);
for (const [label, fn] of cases) {
  const plans: string[] = [];
  await db.scoped(scope, (tx) => fn(explaining(tx, plans)));
  console.log(`=== ${label}\n${plans.join('\n---\n')}\n`);
}
await db.close();
