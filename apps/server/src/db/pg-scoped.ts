import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type pg from 'pg';
import { hasCode } from './causes';
import { checkExpression, proving } from './context-check';
import { inlineParams } from './inline-params';
import type { PipelineClient } from './pg-client';
import {
  APP_ROLE,
  BULK_TIMEOUT_MS,
  CommitOutcomeUnknown,
  isDatabaseUnavailable,
  type Orm,
  type Scope,
  setPipeline,
  type Tx,
} from './scope';

/**
 * `Database.scoped` on PostgreSQL: a transaction on a pooled connection, as the row-level-security
 * role, in as few round trips as it can (decisions 026 and 027). `stop` forgets the COMMITs owed
 * when the pool ends (its connections go, and their read-only transactions with them).
 */
export function pgScoped(p: pg.Pool, orm: Orm, owedCommitMs: number) {
  // Over the network every round trip costs a write and a wake-up on both sides, and most requests
  // are one query: BEGIN and the scope go out as one simple-protocol message (the values are
  // escaped literals) with the caller's first statement, then the others, then COMMIT, which a
  // read-only transaction leaves to the connection's next message (decision 027).
  const internals = orm as unknown as { dialect: never; session: { schema: never; options: never } };
  // One drizzle transaction object per connection, made once: building one (PgDatabase's
  // constructor) cost 2 % of the server's time per request under load. Its session talks to a
  // stand-in whose `query` is the current transaction's (a connection serves one at a time).
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query overloads, as drizzle calls them.
  type Query = (config: any, values?: any) => Promise<any>;
  const bound = new WeakMap<pg.PoolClient, { tx: Tx; slot: { query: Query } }>();
  const transactionOf = (client: pg.PoolClient) => {
    let b = bound.get(client);
    if (!b) {
      const slot: { query: Query } = { query: () => Promise.reject(new Error('no transaction')) };
      const conn = new Proxy(client, {
        get(target, key) {
          if (key === 'query') return slot.query;
          const value = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const session = new NodePgSession(conn, internals.dialect, internals.session.schema, internals.session.options);
      const tx = new NodePgTransaction(internals.dialect, session, internals.session.schema) as unknown as Tx;
      b = { tx, slot };
      bound.set(client, b);
    }
    return b;
  };
  /**
   * Connections whose last transaction was read-only and successful: its COMMIT is owed, and goes
   * out ahead of the connection's next BEGIN, or alone after OWED_COMMIT_MS idle (decision 027).
   * Such a transaction wrote nothing (the database refused any write), so answering before its
   * COMMIT loses nothing; it holds only a snapshot and share locks until then.
   */
  const owed = new Map<pg.PoolClient, NodeJS.Timeout>();
  const owe = (client: pg.PoolClient) => {
    const timer = setTimeout(() => {
      if (owed.get(client) !== timer) return;
      owed.delete(client);
      // Queued behind whatever the connection runs now; an ended connection has nothing to end.
      client.query('COMMIT').catch(() => undefined);
    }, owedCommitMs);
    timer.unref();
    owed.set(client, timer);
  };
  /** Whether the connection owes a COMMIT; the debt is taken (the caller pays it, or it is moot). */
  const owes = (client: pg.PoolClient) => {
    const timer = owed.get(client);
    if (!timer) return false;
    clearTimeout(timer);
    owed.delete(client);
    return true;
  };
  // Every other user of the pool (a statement outside any transaction, the ORM's own transactions,
  // the job runner) gets a connection that owes nothing: the COMMIT is paid first. Only `scoped`
  // takes connections as they are, and folds the COMMIT into its BEGIN.
  const connectOwing = p.connect.bind(p);
  type Done = (err?: Error | boolean) => void;
  type ConnectCb = (err: Error | undefined, client?: pg.PoolClient, done?: Done) => void;
  const paid = async (client: pg.PoolClient) => {
    if (!owes(client)) return client;
    try {
      await client.query('COMMIT');
      return client;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  };
  p.connect = ((cb?: ConnectCb) => {
    if (!cb) return connectOwing().then(paid);
    connectOwing((err, client, done) => {
      if (err || !client) return cb(err);
      paid(client).then(
        () => cb(undefined, client, done),
        (e: Error) => cb(e),
      );
    });
  }) as typeof p.connect;
  const scoped = async <T>(scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const client = await connectOwing();
    const lit = (v: string) => client.escapeLiteral(v);
    const bulk = scope.bulk ? `, set_config('statement_timeout', '${BULK_TIMEOUT_MS}', true)` : '';
    // A remembered request context is checked in the scope's own statement, ahead of the settings
    // (decision 026): one statement fewer, which costs the database about as much as the check.
    // It reads with the system scope whichever role it runs as, and a refusal aborts the statement.
    const check = scope.check?.state === 'pending' ? scope.check : undefined;
    const checked = check ? `${checkExpression(check, lit)}, ` : '';
    // JIT off: a generic plan's estimates (a parameter's selectivity unknown) often cross
    // jit_above_cost, and compiling then costs 20-120 ms on a statement that runs in 1-15 ms
    // (one manager's reports at 100,000 members: 133 ms with JIT, 15 ms without).
    const readOnly = Boolean(scope.readOnly && !scope.bulk);
    const settings = `set_config('role', ${lit(APP_ROLE)}, true), set_config('app.company_id', ${lit(scope.companyId ?? '')}, true), set_config('app.user_id', ${lit(scope.userId ?? '')}, true), set_config('app.scope', ${lit(scope.system ? 'system' : '')}, true), set_config('plan_cache_mode', 'force_generic_plan', true), set_config('jit', 'off', true)${readOnly ? `, set_config('transaction_read_only', 'on', true)` : ''}${bulk}`;
    // The previous read-only transaction of this connection, if its COMMIT is still owed, ends in
    // the same message (decision 027): decided when the first statement leaves, not before.
    const begin = () => `${owes(client) ? 'COMMIT; ' : ''}BEGIN; SELECT ${checked}${settings}`;
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query overloads, as drizzle calls them.
    const timed = (config: any): any => {
      if (!scope.bulk || typeof config?.submit === 'function') return config;
      return typeof config === 'string'
        ? { text: config, query_timeout: BULK_TIMEOUT_MS }
        : { ...config, query_timeout: BULK_TIMEOUT_MS };
    };
    let begun = false;
    // The transaction begins with its first statement: BEGIN, the scope and that statement go as
    // one message when its values can be written as literals (inline-params.ts); a statement
    // that keeps its own form (a prepared one) is pipelined right behind them (`pipelined`). A
    // transaction that runs no statement never begins.
    const query: Query = async (config, values) => {
      if (begun) return client.query(timed(config), values);
      begun = true;
      return check ? proving(check, () => first(config, values)) : first(config, values);
    };
    const first: Query = async (config, values) => {
      const text: unknown = typeof config === 'string' ? config : config?.text;
      const params: unknown = Array.isArray(values) ? values : (config?.values ?? []);
      // A statement its repository prepares on purpose (preparedRows: its plan costs more than
      // running it) keeps its plan, and BEGIN goes ahead of it on its own.
      const inlined =
        typeof text === 'string' && Array.isArray(params) && typeof config?.submit !== 'function' && !config?.name
          ? inlineParams(text, params, lit)
          : null;
      if (inlined === null) return pipelined(begin(), timed(config), values);
      const { name: _name, values: _values, text: _text, ...rest } = typeof config === 'string' ? {} : config;
      const results = await client.query(timed({ ...rest, text: `${begin()}; ${inlined}` }));
      return Array.isArray(results) ? results[results.length - 1] : results;
    };
    /**
     * Statements of this connection side by side: node-postgres' pipeline mode on until every one
     * has answered, so each leaves as soon as it is asked for, not after the others' answers. The
     * mode is the outermost call's (reads that read side by side themselves): switched off with
     * statements still on the wire, node-postgres would mix its two modes. `cork`: the first
     * statements leave in one write. The first failure that is not a statement finding the
     * transaction already aborted behind it (25P02) is thrown: after a refused BEGIN message, the
     * statement only reports the aborted transaction.
     */
    let pipelineDepth = 0;
    const sideBySide = async (fns: Array<() => Promise<unknown>>, cork = false): Promise<unknown[]> => {
      const c = client as unknown as PipelineClient;
      pipelineDepth++;
      c.pipeline = true;
      let settled: PromiseSettledResult<unknown>[];
      try {
        if (cork) c.connection.stream.cork();
        let sent: Promise<unknown>[];
        try {
          sent = fns.map((fn) => fn());
        } finally {
          if (cork) c.connection.stream.uncork();
        }
        settled = await Promise.allSettled(sent);
      } finally {
        pipelineDepth--;
        if (pipelineDepth === 0) c.pipeline = false;
      }
      const failed = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed.length) throw (failed.find((r) => !hasCode(r.reason, '25P02')) ?? failed[0]!).reason;
      return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value);
    };
    /**
     * BEGIN (with the check and the scope) and a statement that keeps its own form (a prepared
     * one, whose saved plan is the point) written together and answered in order: one round trip,
     * not two. Nothing else uses this connection meanwhile, and a cursor (a portal kept open)
     * cannot be pipelined, so it waits.
     */
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query overloads, as drizzle calls them.
    const pipelined = async (lead: string, config: any, values?: any): Promise<any> => {
      if (typeof config?.submit === 'function') {
        await client.query(lead);
        return client.query(config, values);
      }
      const [, statement] = await sideBySide([() => client.query(lead), () => client.query(config, values)], true);
      return statement;
    };
    /**
     * Reads of this transaction side by side (`concurrently`). The transaction's first statement
     * goes alone (BEGIN and the scope lead it; one of two reads racing to begin would go outside
     * the transaction).
     */
    const pipeline = async (fns: Array<() => Promise<unknown>>): Promise<unknown[]> => {
      if (begun || !fns.length) return sideBySide(fns);
      const first = await fns[0]!();
      return [first, ...(await sideBySide(fns.slice(1)))];
    };
    const { tx, slot } = transactionOf(client);
    slot.query = query;
    setPipeline(tx, pipeline);
    let broken: Error | undefined;
    try {
      const result = await fn(tx);
      if (begun && readOnly) owe(client);
      else if (begun) {
        await client.query(timed('COMMIT')).catch((error: unknown) => {
          // Sent, and no answer: committed or not, nobody can tell (a refused COMMIT is answered).
          throw isDatabaseUnavailable(error) ? new CommitOutcomeUnknown(error) : error;
        });
      }
      return result;
    } catch (error) {
      // A connection that timed out or broke is discarded, not asked to roll back (that would
      // wait out a second timeout); the server rolls back when the connection goes.
      if (isDatabaseUnavailable(error)) broken = error as Error;
      else if (begun) {
        await client.query('ROLLBACK').catch((e: Error) => {
          broken = e;
        });
      }
      throw error;
    } finally {
      slot.query = () => Promise.reject(new Error('transaction over'));
      setPipeline(tx, null);
      if (broken) owes(client);
      client.release(broken);
    }
  };
  return {
    scoped,
    stop() {
      for (const timer of owed.values()) clearTimeout(timer);
      owed.clear();
    },
  };
}
