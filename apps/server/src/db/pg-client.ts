import pg from 'pg';

/** How many distinct statement texts each process prepares by name; later ones run unnamed. */
const PREPARED_MAX = 1_000;
const preparedNames = new Map<string, string>();

/**
 * A statement's name for PostgreSQL's prepared-statement cache: the same text always gets the same
 * name, so each connection parses and plans it once and then only binds and executes it (the
 * request-context lookup and the listings run thousands of times a second). Statements without
 * parameters stay unnamed (BEGIN, the scope, COMMIT are simple-protocol messages), and past
 * PREPARED_MAX texts (a query built with a varying shape) new ones stay unnamed too, so no
 * connection's cache grows without bound. Prepared statements are per connection and outlive a
 * rolled-back transaction; node-postgres tracks which ones each connection has parsed.
 */
function statementName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < PREPARED_MAX) {
    name = `wac${preparedNames.size}`;
    preparedNames.set(text, name);
  }
  return name;
}

/** node-postgres' client as the pipelined first statement uses it (pipeline mode, the corkable socket). */
export interface PipelineClient {
  pipeline: boolean;
  connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void } };
}

export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query has a dozen overloads; this only adds a name.
  override query(config: any, values?: any, callback?: any): any {
    // node-postgres writes each protocol message (Parse, Bind, Describe, Execute, Sync) on its own;
    // corked, a statement leaves in one system call.
    const stream = (
      this as unknown as { connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void } } }
    ).connection.stream;
    stream.cork();
    try {
      return this.named(config, values, callback);
    } finally {
      stream.uncork();
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: as above.
  private named(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(config);
      if (name) return super.query({ text: config, values, name }, callback);
    } else if (
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      !config.name &&
      typeof config.submit !== 'function'
    ) {
      // drizzle passes the values beside the config, others inside it.
      const params = Array.isArray(values) ? values : config.values;
      const name = Array.isArray(params) && params.length > 0 ? statementName(config.text) : undefined;
      if (name) return super.query({ ...config, name }, values, callback);
    }
    return super.query(config, values, callback);
  }
}
