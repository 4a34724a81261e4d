import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { seedDemo } from './db/seed/demo';

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
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await db.migrate();
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    // With REDIS_URL, buildApp connects the Redis bus and fails here when Redis is unreachable.
    app = await buildApp({ config, db });
  } catch (e) {
    console.error((e as Error).message);
    await db.close();
    process.exit(1);
  }
  const demo = config.seedDemo ? await seedDemo(app) : null;
  await app.listen({ port: config.port, host: config.host });

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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
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
