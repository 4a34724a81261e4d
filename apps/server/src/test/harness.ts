import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { sessions } from '../db/schema/index';
import { createMemoryBus } from '../lib/bus';
import type { Mailer } from '../lib/mail';
import { withDatabase } from './global-setup';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/** A fresh database for one test file: PGlite from the migrated template, or a PostgreSQL clone. */
export async function openTestDatabase(
  opts: { poolSize?: number; owedCommitMs?: number } = {},
): Promise<{ db: Database; drop(): Promise<void> }> {
  if (process.env.TEST_DB === 'pg') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `wac_t_${process.ppid}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${process.env.WAC_TEST_PG_TEMPLATE}`);
    const db = await openDatabase({
      databaseUrl: withDatabase(url, name),
      poolSize: opts.poolSize ?? 4,
      owedCommitMs: opts.owedCommitMs,
    });
    return {
      db,
      async drop() {
        await db.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const file = process.env.WAC_TEST_TEMPLATE;
  const db = file
    ? await openDatabase({ loadDataDir: new Blob([readFileSync(file)]) })
    : await openDatabase({ dataDir: 'memory://' });
  if (!file) await db.migrate();
  return { db, drop: () => db.close() };
}

export async function createTestApp(opts: { config?: Partial<Config>; mailer?: Mailer } = {}): Promise<TestContext> {
  const { db, drop } = await openTestDatabase();
  const config = testConfig(opts.config);
  const app = await buildApp({ config, db, mailer: opts.mailer, bus: createMemoryBus() });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export const hostOf = (subDomain?: string | null) => (subDomain ? `${subDomain}.localhost` : 'localhost');

/**
 * Opens a session for a user straight in the database and signs its access token: for tests of
 * routes other than sign-in itself.
 */
export async function tokenFor(app: FastifyInstance, userId: string, companyId: string | null, roles: string[] = []) {
  const [session] = await app.db.system((tx) =>
    tx
      .insert(sessions)
      .values({ userId, companyId, expiresAt: new Date(Date.now() + 86_400_000) })
      .returning(),
  );
  const token = await app.tokens.sign({ uuid: userId, companyUuids: [], roles, sid: session!.id, cid: companyId });
  return { token, sessionId: session!.id };
}

/** inject() with a Host and, optionally, a Bearer token. */
export function call(app: FastifyInstance, opts: InjectOptions & { host?: string | null; token?: string }) {
  const { host, token, headers, ...rest } = opts;
  return app.inject({
    ...rest,
    headers: {
      host: host === undefined ? 'localhost' : hostOf(host),
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
  });
}
