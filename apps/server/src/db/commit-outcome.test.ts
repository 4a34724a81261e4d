import { errorMessage } from '@wac/shared/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../test/harness';
import { addMembership, createCompany, createUser } from './seed/factories';

/**
 * A write whose connection goes while its COMMIT is on its way may have been saved or not: the
 * server cannot know, and says so (SAVE_OUTCOME_UNKNOWN), where a write that failed before its
 * COMMIT was rolled back and is answered SERVICE_UNAVAILABLE ("nothing was changed" in the console).
 * The connection is ended from inside the database: a trigger on teams terminates its own backend,
 * either at the INSERT (before the COMMIT) or deferred to the COMMIT itself.
 */
const onPg = process.env.TEST_DB === 'pg';
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const a = await createUser(tx, { email: 'a@acme.test', firstName: 'Ann' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    return { acme: acme.id, a: a.id };
  });
  token = (await tokenFor(t.app, ids.a, ids.acme)).token;
  if (onPg) {
    // As the test's superuser: the app's role may not signal a backend, the function may.
    await t.db.pool!.query(`
      CREATE FUNCTION test_end_own_backend() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
      BEGIN
        IF NEW.name = TG_ARGV[0] THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER test_end_at_insert AFTER INSERT ON teams
        FOR EACH ROW EXECUTE FUNCTION test_end_own_backend('At the insert');
      CREATE CONSTRAINT TRIGGER test_end_at_commit AFTER INSERT ON teams DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION test_end_own_backend('At the commit');`);
  }
}, 60_000);
afterAll(() => t.close());

const createTeam = (name: string, lang = 'en') =>
  call(t.app, {
    method: 'POST',
    url: '/api/teams',
    host: 'acme',
    token,
    headers: { 'accept-language': lang },
    payload: { name },
  });

const teamNames = async () =>
  (await t.db.system((tx) => rows<{ name: string }>(tx, sql`SELECT name FROM teams ORDER BY name`))).map((r) => r.name);

describe('a write whose database connection is lost', () => {
  it.runIf(onPg)('before its COMMIT: 503 SERVICE_UNAVAILABLE (rolled back), and the team is not there', async () => {
    const res = await createTeam('At the insert', 'de');
    expect([res.statusCode, res.json().code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(res.json().message).toBe(errorMessage('SERVICE_UNAVAILABLE', 'de'));
    expect(res.headers['retry-after']).toBe('5');
    expect(await teamNames()).not.toContain('At the insert');
  });

  it.runIf(onPg)(
    'during its COMMIT: 503 SAVE_OUTCOME_UNKNOWN, in the asker’s language: the change may have been saved',
    async () => {
      for (const lang of ['en', 'fr', 'ar'] as const) {
        const res = await createTeam('At the commit', lang);
        expect([res.statusCode, res.json().code]).toEqual([503, 'SAVE_OUTCOME_UNKNOWN']);
        expect(res.json().message).toBe(errorMessage('SAVE_OUTCOME_UNKNOWN', lang));
        expect(res.headers['retry-after']).toBe('5');
      }
      // (Here the database was still checking the deferred trigger, so it did not commit.)
      expect(await teamNames()).not.toContain('At the commit');
    },
  );

  it('the next write goes through on a fresh connection', async () => {
    const res = await createTeam('Afterwards');
    expect(res.statusCode).toBe(201);
    expect(await teamNames()).toContain('Afterwards');
  });
});
