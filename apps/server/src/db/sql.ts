import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from './client';

/** Statement helpers for repositories: raw rows, prepared statements, keyset conditions. */

/** Runs a raw query and returns its rows (the same shape on PGlite and node-postgres). */
export async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const res = (await tx.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * Holds a lock named `scope:id:…` (ids as uuids) until the transaction ends, so that writers of the
 * same key check and write one after the other (two requests at once, a double click). The key is
 * `hashtextextended(scope || ':' || id::text …, 0)`, the one a SQL function may take for the same rows.
 */
export async function lockUntilCommit(tx: Tx, scope: string, ...ids: string[]) {
  const key = sql.join([sql`${scope}::text`, ...ids.map((id) => sql`${id}::uuid::text`)], sql` || ':' || `);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

interface SessionInternals {
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(): Promise<{ rows: unknown[] }> };
  };
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
}

/**
 * Like rows(), as a named prepared statement (named after a hash of its text, so one text is one
 * statement per connection). With plan_cache_mode = force_generic_plan, which every scoped
 * transaction sets, PostgreSQL plans it once per connection instead of on every request — planning
 * the listing queries cost more than running them. For hot, fixed-shape queries whose plan does not
 * depend on the parameter values (a per-company index range, a LIMIT of one page).
 */
export async function preparedRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const internals = tx as unknown as SessionInternals;
  const q = internals.dialect.sqlToQuery(query);
  const name = `wac_${createHash('sha1').update(q.sql).digest('hex').slice(0, 24)}`;
  const res = await internals.session.prepareQuery(q, undefined, name, false).execute();
  return res.rows as T[];
}

const builtByTransaction = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per transaction object and kept: on PostgreSQL each pooled connection keeps
 * one transaction object (db/client.ts), so a hot statement prepared with placeholders
 * (`sql.placeholder`) is built by drizzle once per connection instead of on every request —
 * building a select cost about a tenth of the server's time per request for a user's companies.
 * On PGlite every transaction is a new object, and the query is built each time.
 */
export function builtOnce<Q>(tx: Tx, name: string, build: (tx: Tx) => Q): Q {
  let built = builtByTransaction.get(tx);
  if (!built) {
    built = new Map();
    builtByTransaction.set(tx, built);
  }
  let query = built.get(name) as Q | undefined;
  if (query === undefined) {
    query = build(tx);
    built.set(name, query);
  }
  return query;
}

/** A LIKE pattern matching `fragment` anywhere, with the LIKE wildcards in it taken literally. */
export const containsPattern = (fragment: string) => `%${fragment.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const and = (parts: SQL[]) => sql.join(parts, sql` AND `);

/** A list of ids as one uuid[] parameter (one bound value, however many ids). */
export const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** ISO dates as one date[] parameter, as `uuidArray` does for ids. */
export const dateArray = (days: string[]) => sql`${`{${days.join(',')}}`}::date[]`;

/**
 * A page size or offset written into the statement, not bound: under the generic plans the app's
 * transactions use, a bound LIMIT is unknown to the planner, which then joins every row by hash
 * and sorts them instead of walking an index for the page's few rows (the tracking list, the
 * directory: 0.4 ms with the literal, 790 ms p50 bound, at 100,000 people).
 */
export const intLiteral = (n: number) => sql.raw(String(Math.trunc(Number(n))));

/** Where a row stands in a keyset order: its sort key as text, then its id (the tie-breaker). */
export type KeysetCursor = { k: string; id: string };

/** A sort key of a listing: its SQL expression and the type its text form is cast back to. */
export interface SortKey {
  expr: SQL;
  type: SQL;
}

/** ` AND` the rows strictly after `cursor` in the order (key, id), ascending or descending; nothing without a cursor. */
export const afterKeyset = (key: SortKey, id: SQL, desc: boolean, cursor: KeysetCursor | null) =>
  cursor
    ? sql` AND (${key.expr}, ${id}) ${desc ? sql`<` : sql`>`} (${cursor.k}::${key.type}, ${cursor.id}::uuid)`
    : sql``;

/**
 * How many rows `from` (a FROM … WHERE … clause) holds, counted no further than `cap`: the count
 * stops early instead of walking millions of matches. `more` says the cap was passed.
 */
export async function countUpTo(
  tx: Tx,
  from: SQL,
  cap: number,
  run: (tx: Tx, query: SQL) => Promise<{ n: number }[]> = rows,
): Promise<{ n: number; more: boolean }> {
  const [c] = await run(tx, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} LIMIT ${intLiteral(cap + 1)}) x`);
  const n = c?.n ?? 0;
  return { n: Math.min(n, cap), more: n > cap };
}

/**
 * A search's total once more than `cap` candidates came back from a trigram index: "more than cap"
 * at once when the first cap + 1 candidates all pass (`candidates`; null where they cannot decide,
 * e.g. behind another filter), else the walk of `scan` counts up to the cap.
 */
export async function countPastCap(tx: Tx, candidates: SQL | null, scan: SQL, cap: number) {
  const first = candidates ? await countUpTo(tx, candidates, cap) : null;
  return first?.more ? first : countUpTo(tx, scan, cap);
}

/**
 * People's "current" rule (docs/people.md): an employment has not ended by `day` when the employee
 * record `e` (an alias; no record counts as not ended) has no end date or one on or after `day` (an
 * ISO date, bound, or a statement's own day such as `companyToday`).
 */
export const employedOn = (e: string, day: string | SQL) =>
  sql`(${sql.raw(e)}.end_date IS NULL OR ${sql.raw(e)}.end_date >= ${typeof day === 'string' ? sql`${day}::date` : day})`;

/** Today in the time zone of the company row `c` (an alias), for a statement that has no day of its own. */
export const companyToday = (c: string) => sql`(now() AT TIME ZONE ${sql.raw(c)}.time_zone)::date`;
