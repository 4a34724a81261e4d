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
import { ANCHOR_STEP, SEARCH_MAX } from '../apps/server/src/modules/members/listing-cache';
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
// The anchor listing-cache.ts would start page `deep` from: the row just before the last multiple of its step.
const anchorAt = Math.floor(deepOffset / ANCHOR_STEP) * ANCHOR_STEP;
/** The row just before `anchorAt` in one order (sort key as text, id), as the anchors hold it. */
const anchorIn = (key: 'created_at' | 'role_key') =>
  db.system(async (tx) => {
    const res = (await tx.execute(
      sql`SELECT ${sql.raw(key)}::text AS k, id FROM memberships WHERE company_id = ${scope.companyId}
           ORDER BY ${sql.raw(key)}, id OFFSET ${anchorAt - 1} LIMIT 1`,
    )) as unknown as { rows: Array<{ k: string; id: string }> };
    return res.rows[0]!;
  });
const anchor = await anchorIn('created_at');
const roleAnchor = await anchorIn('role_key');
// The keyset cursor the export holds halfway through (createdAt order), in the text form it uses.
const middle = await db.system(async (tx) => {
  const res = (await tx.execute(
    sql`SELECT created_at::text AS k, id FROM memberships WHERE company_id = ${scope.companyId}
         ORDER BY created_at, id OFFSET ${Math.floor(total / 2)} LIMIT 1`,
  )) as unknown as { rows: Array<{ k: string; id: string }> };
  return res.rows[0]!;
});

/**
 * A Tx whose statements are explained instead of run: raw ones (tx.execute) and the named prepared
 * ones of lib/sql.ts preparedRows (session.prepareQuery), which are explained unnamed.
 */
function explaining(tx: Tx, sink: string[]): Tx {
  const explain = async (q: SQL) => {
    const res = (await tx.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${q}`)) as unknown as {
      rows: Array<{ 'QUERY PLAN': string }>;
    };
    sink.push(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
    return { rows: [] };
  };
  type Prepared = { execute(): Promise<{ rows: unknown[] }> };
  type Session = {
    prepareQuery(q: { sql: string; params: unknown[] }, f: undefined, n: undefined, a: boolean): Prepared;
  };
  const internals = tx as unknown as { session: Session };
  const session = new Proxy(internals.session, {
    get(target, prop, receiver) {
      if (prop !== 'prepareQuery') return Reflect.get(target, prop, receiver);
      return (q: { sql: string; params: unknown[] }) => ({
        async execute() {
          const plan = await target
            .prepareQuery({ sql: `EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, params: q.params }, undefined, undefined, false)
            .execute();
          sink.push((plan.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n'));
          return { rows: [] };
        },
      });
    },
  });
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === 'execute') return explain;
      if (prop === 'session') return session;
      return Reflect.get(target, prop, receiver);
    },
  });
}

// Ten members' ids, as a remembered search would hold them.
const pageIds = await db.system(async (tx) => {
  const res = (await tx.execute(
    sql`SELECT id FROM memberships WHERE company_id = ${scope.companyId} ORDER BY sort_name, id LIMIT 10 OFFSET 300`,
  )) as unknown as { rows: Array<{ id: string }> };
  return res.rows.map((r) => r.id);
});

const cases: Array<[string, (tx: Tx) => Promise<unknown>]> = [
  ['members page 1 (sort createdAt) + total', (tx) => members.listMembersPage(tx, scope.companyId, base, 10, 0)],
  [
    `members page ${deep} from its anchor (skip ${deepOffset - anchorAt})`,
    (tx) => members.listMembersPage(tx, scope.companyId, base, 10, deepOffset - anchorAt, anchor),
  ],
  [
    `members page ${deep} sorted by role, from its anchor`,
    (tx) =>
      members.listMembersPage(tx, scope.companyId, { ...base, sort: 'role' }, 10, deepOffset - anchorAt, roleAnchor),
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
    `search "${args.search}" page 1 + total, every match read (LISTING_CACHE=false, or a first search)`,
    (tx) => members.listMembersPage(tx, scope.companyId, { ...base, search: args.search }, 10, 0),
  ],
  [
    `search "${args.search}": all match ids for the process's search memory (a first search)`,
    (tx) => members.searchIds(tx, scope.companyId, { ...base, search: args.search }, SEARCH_MAX),
  ],
  [
    'a remembered search: one page of 10 members by id, with the version',
    (tx) => members.membersByIds(tx, scope.companyId, pageIds),
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
