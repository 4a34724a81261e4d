import net from 'node:net';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, DataDirInUseError, isDatabaseUnavailable, openDatabase } from './db/client';
import { tuneWasmForServer } from './db/embedded';
import { buildApp } from './app';
import { redisUnreachable } from './lib/bus';
import { seedDemo } from './db/seed/demo';

/** The longest a drain waits for accepted requests before closing anyway. */
const DRAIN_MAX_MS = 5_000;
/** A drain ends once no request has been in flight for this long. */
const DRAIN_QUIET_MS = 250;
/** While PostgreSQL (or Redis) cannot be reached at start, it is tried again this often. */
const START_RETRY_MS = 2_000;

/**
 * Migrates, waiting for PostgreSQL while it is unreachable (one line said, then quiet): a process
 * started during a database outage comes up when the database does, instead of dying with a stack
 * trace and being restarted in a loop by its supervisor.
 */
async function migrateWhenReachable(db: Database) {
  let said = false;
  for (;;) {
    try {
      await db.migrate();
      if (said) console.error('Database reachable again: starting.');
      return;
    } catch (e) {
      if (!isDatabaseUnavailable(e)) throw e;
      if (!said)
        console.error(`Database unreachable (${(e as Error).message}); trying again every ${START_RETRY_MS / 1000} s.`);
      said = true;
      await new Promise((r) => setTimeout(r, START_RETRY_MS));
    }
  }
}

/**
 * With REDIS_URL, waits while Redis does not answer (one line said, then quiet), as for PostgreSQL: a
 * process started during a Redis outage comes up when Redis does. Once running, a Redis outage costs
 * no request (docs/operations.md).
 */
async function redisWhenReachable(url: string) {
  let said = false;
  for (;;) {
    const e = await redisUnreachable(url);
    if (!e) {
      if (said) console.error('Redis reachable again: starting.');
      return;
    }
    if (!said) console.error(`Redis unreachable (${e.message}); trying again every ${START_RETRY_MS / 1000} s.`);
    said = true;
    await new Promise((r) => setTimeout(r, START_RETRY_MS));
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  tuneWasmForServer();
  let db: Database;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (e) {
    if (!(e instanceof DataDirInUseError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
  // Before listening: a new version's migrations are in place before its code serves a request.
  // SIGTERM while waiting stops the process (no drain: nothing is served yet).
  const stopWaiting = () => process.exit(0);
  process.once('SIGTERM', stopWaiting);
  process.once('SIGINT', stopWaiting);
  await migrateWhenReachable(db);
  // Best effort: a connection that cannot be made now is made by the first request that needs it.
  await db.warm().catch(() => undefined);
  if (config.redisUrl) await redisWhenReachable(config.redisUrl);
  process.off('SIGTERM', stopWaiting);
  process.off('SIGINT', stopWaiting);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    // With REDIS_URL, buildApp connects the Redis bus and fails here if Redis went away since the wait above.
    app = await buildApp({ config, db });
  } catch (e) {
    console.error((e as Error).message);
    await db.close();
    process.exit(1);
  }
  const demo = config.seedDemo ? await seedDemo(app) : null;
  await app.listen({ port: config.port, host: config.host });
  // The compiled server's loader writes its code cache now that a whole start has run.
  (process as NodeJS.EventEmitter).emit('wac:listening');

  const port = config.publicPort === 80 || config.publicPort === 443 ? '' : `:${config.publicPort}`;
  const url = (sub?: string) => `${config.publicProtocol}://${sub ? `${sub}.` : ''}${config.baseDomain}${port}/admin/`;
  const lines = [
    '',
    `  Workplace Admin Console is running (${db.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
    '',
    `  Sign in:   ${url()}`,
  ];
  if (demo) {
    lines.push(
      `  Acme:      ${url('acme')}`,
      `  Globex:    ${url('globex')}`,
      '',
      '  Demo logins (password Demo1234):',
    );
    for (const d of demo.logins) lines.push(`    ${d.email.padEnd(22)} ${d.note}`);
  }
  lines.push(`  API docs:  ${config.publicProtocol}://${config.baseDomain}${port}/api/docs.json`, '');
  console.log(lines.join('\n'));

  // Requests being handled, for the drain below.
  let inFlight = 0;
  let lastAnswer = Date.now();
  let closing = false;
  app.server.on('request', (_req, res) => {
    inFlight += 1;
    // While draining, a keep-alive client is told to open its next connection elsewhere.
    if (closing) res.setHeader('connection', 'close');
    res.once('close', () => {
      inFlight -= 1;
      lastAnswer = Date.now();
    });
  });

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      // Drain: stop accepting connections (a load balancer's next connect is refused and goes to
      // another process), then answer what was already accepted, including a request still on its
      // way on a just-accepted connection. The HTTP-level close would drop such a connection as
      // "idle", so the listening socket is closed at the TCP level first.
      net.Server.prototype.close.call(app.server);
      const drainUntil = Date.now() + DRAIN_MAX_MS;
      while (Date.now() < drainUntil && (inFlight > 0 || Date.now() - lastAnswer < DRAIN_QUIET_MS)) {
        await new Promise((r) => setTimeout(r, 20));
      }
      // Then sockets are closed with 1012 (clients reconnect elsewhere), idle connections end, and
      // the database pool closes.
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
