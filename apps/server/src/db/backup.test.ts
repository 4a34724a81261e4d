import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { withDatabase } from '../test/global-setup';
import { call } from '../test/harness';
import { multipart } from '../test/multipart';
import { hashPassword } from '../lib/password';
import { backup, BackupError, type BackupTarget, restore } from './backup';
import { DataDirInUseError, type Database, openDatabase } from './client';
import { addMembership, createCompany, createTeam, createUser } from './seed/factories';

/**
 * The restore drill: a company with members, a team, a logo, sessions and audit entries is backed
 * up, the database is wiped, the backup restored, and every row of every table is found again,
 * the logo is served byte for byte, the audit log is the same, and a member signs in.
 */
const PASSWORD = 'Backup-Drill-2026';
const work = mkdtempSync(join(tmpdir(), 'wac-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function appOn(db: Database) {
  // No REDIS_URL in the test config: the in-process bus.
  const app = await buildApp({ config: testConfig(), db });
  await app.ready();
  return app;
}

const login = (app: FastifyInstance) =>
  call(app, {
    method: 'POST',
    url: '/api/jwt/login',
    host: 'drill',
    payload: { email: 'ann@drill-corp.com', password: PASSWORD },
  });

/** Builds the company through the real routes where they write audit entries. */
async function fill(db: Database) {
  const app = await appOn(db);
  const passwordHash = await hashPassword(PASSWORD);
  const ids = await db.system(async (tx) => {
    const company = await createCompany(tx, { name: 'Drill Corp', subDomain: 'drill' });
    const ann = await createUser(tx, { email: 'ann@drill-corp.com', firstName: 'Ann', passwordHash });
    const max = await createUser(tx, { email: 'max@drill-corp.com', firstName: 'Max', passwordHash });
    const root = await createUser(tx, {
      email: 'root@platform.test',
      roles: ['super_admin', 'super_admin_write'],
      passwordHash,
    });
    await addMembership(tx, company.id, ann.id, { roles: ['admin'] });
    await addMembership(tx, company.id, max.id);
    await createTeam(tx, company.id, { name: 'Night shift', leadUserId: ann.id, memberIds: [ann.id, max.id] });
    return { company: company.id, root: root.id };
  });
  const signedIn = await login(app);
  expect(signedIn.statusCode).toBe(200);
  const token = signedIn.json().accessToken as string;
  const renamed = await call(app, { method: 'GET', url: '/api/members?search=max', host: 'drill', token });
  const max = renamed.json().data[0];
  const patched = await call(app, {
    method: 'PATCH',
    url: `/api/members/${max.uuid}`,
    host: 'drill',
    token,
    payload: { version: max.version, roles: ['admin'] },
  });
  expect(patched.statusCode).toBe(200);
  const root = await call(app, {
    method: 'POST',
    url: '/api/jwt/login',
    host: null,
    payload: { email: 'root@platform.test', password: PASSWORD },
  });
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3366' } })
    .png()
    .toBuffer();
  const { payload, headers } = multipart(png);
  const logo = await call(app, {
    method: 'POST',
    url: `/api/companies/${ids.company}/logo`,
    token: root.json().accessToken,
    payload,
    headers,
  });
  expect(logo.statusCode).toBe(200);
  const logoUrl = logo.json().logo as string;
  const logoBytes = (await call(app, { method: 'GET', url: logoUrl })).rawPayload;
  await app.close();
  return { logoUrl, logoBytes };
}

/** Every row of every application table (and the migration record), in a stable order. */
async function everything(db: Database) {
  const tables = await db.query<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`,
    [],
  );
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    const name = `"${t.schemaname}"."${t.tablename}"`;
    out[name] = await db.query(`select t::text as row from ${name} t order by 1`, []);
  }
  return out;
}

async function checkRestored(
  db: Database,
  before: Record<string, unknown[]>,
  logo: { logoUrl: string; logoBytes: Buffer },
) {
  const after = await everything(db);
  expect(Object.keys(after)).toEqual(Object.keys(before));
  expect(after).toEqual(before);
  expect(before['"public"."audit_log"']?.length).toBeGreaterThanOrEqual(2);
  expect(before['"public"."files"']?.length).toBe(1);
  const app = await appOn(db);
  try {
    const served = await call(app, { method: 'GET', url: logo.logoUrl });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, logo.logoBytes)).toBe(0);
    const signedIn = await login(app);
    expect(signedIn.statusCode).toBe(200);
    const audit = await call(app, {
      method: 'GET',
      url: '/api/audit-log',
      host: 'drill',
      token: signedIn.json().accessToken,
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json().data.length).toBeGreaterThan(0);
  } finally {
    await app.close();
  }
}

/** The embedded database: the data folder, with its signing secret, while no server holds it. */
async function embeddedDrill() {
  {
    const target: BackupTarget = { dataDir: join(work, 'data') };
    const file = join(work, 'embedded.tar.gz');
    // From the suite's migrated template when there is one: a first open of a new folder is slow.
    const template = process.env.WAC_TEST_TEMPLATE;
    let db = await openDatabase({
      dataDir: target.dataDir,
      loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
    });
    await db.migrate();
    const logo = await fill(db);
    const before = await everything(db);

    // Refused while the folder is open (a running server): the message says to stop it.
    await expect(backup(target, file)).rejects.toThrow(DataDirInUseError);
    await expect(backup(target, file)).rejects.toThrow(/stop that process first/);
    await db.close();

    const secret = join(target.dataDir, 'jwt-secret');
    writeFileSync(secret, 'drill-secret');
    expect(await backup(target, file)).toMatch(/backed up/);
    rmSync(target.dataDir, { recursive: true, force: true });
    await expect(restore(target, join(work, 'missing.tar.gz'))).rejects.toThrow(BackupError);
    expect(await restore(target, file)).toMatch(/restored/);
    expect(readFileSync(secret, 'utf8')).toBe('drill-secret');
    expect(existsSync(join(target.dataDir, 'wac.pid'))).toBe(false);

    db = await openDatabase({ dataDir: target.dataDir });
    try {
      await checkRestored(db, before, logo);
    } finally {
      await db.close();
    }

    // Restoring over a folder that holds data keeps that folder aside rather than deleting it.
    const again = await restore(target, file);
    expect(again).toMatch(/previous folder is kept in .*before-restore/);
  }
}

/** PostgreSQL: pg_dump while the pool is open, the database dropped, pg_restore into a new one. */
async function postgresDrill() {
  {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `wac_backup_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const databaseUrl = withDatabase(adminUrl, name);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      let db = await openDatabase({ databaseUrl, poolSize: 2 });
      await db.migrate();
      const logo = await fill(db);
      const before = await everything(db);
      const file = join(work, 'pg.dump');
      // Online: the backup is taken while the pool is open.
      expect(await backup({ databaseUrl, dataDir: work }, file)).toMatch(/backed up/);
      await expect(restore({ databaseUrl, dataDir: work }, file)).rejects.toThrow(/already holds tables/);
      await db.close();

      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      expect(await restore({ databaseUrl, dataDir: work }, file)).toMatch(/restored/);
      db = await openDatabase({ databaseUrl, poolSize: 2 });
      try {
        await db.migrate();
        await checkRestored(db, before, logo);
      } finally {
        await db.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}

describe('backup and restore', () => {
  // The PostgreSQL run of the suite (TEST_DB=pg) drills pg_dump/pg_restore; the default run, PGlite.
  const pgRun = process.env.TEST_DB === 'pg';
  it(
    pgRun
      ? 'restores a dropped PostgreSQL database to an equal one, with a working sign-in and the audit log'
      : 'restores a wiped data folder to an equal database, with its signing secret and a working sign-in',
    () => (pgRun ? postgresDrill() : embeddedDrill()),
    180_000,
  );
});
