import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/sql';
import { createCompany, createUser } from '../../db/seed/factories';
import { enqueue } from '../../lib/jobs/queue';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
let write: string;
let read: string;
let dead: string;
let queued: string;
let acme: string;

beforeAll(async () => {
  // The runner stays off: it would schedule the recurring jobs of Acme beside the two put here,
  // depending on whether its first look came before or after Acme was created.
  t = await createTestApp({ config: { jobs: { enabled: false, pollMs: 50 } } });
  const ids = await t.app.db.system(async (tx) => {
    const company = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const w = await createUser(tx, { email: 'root@platform.test', roles: ['super_admin', 'super_admin_write'] });
    const r = await createUser(tx, { email: 'viewer@platform.test', roles: ['super_admin'] });
    // Types no handler of this process knows: they stay as they are put.
    const d = (await enqueue(tx, {
      type: 'test.mail',
      companyId: company.id,
      payload: { to: 'x@example.org' },
      secret: { token: 's3cret' },
    }))!;
    const q = (await enqueue(tx, { type: 'test.other', companyId: null }))!;
    await tx.execute(
      sql`UPDATE jobs SET state = 'dead', attempts = 5, last_error = 'smtp: 550 mailbox unavailable', finished_at = now() WHERE id = ${d}`,
    );
    return { company: company.id, w: w.id, r: r.id, d, q };
  });
  acme = ids.company;
  dead = ids.d;
  queued = ids.q;
  write = (await tokenFor(t.app, ids.w, null)).token;
  read = (await tokenFor(t.app, ids.r, null)).token;
});
afterAll(() => t?.close());

describe('jobs screen API', () => {
  it('lists jobs by state with their last error and company, never their secret', async () => {
    const res = await call(t.app, { url: '/api/jobs?state=dead', token: read });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, totalItems: 1 });
    expect(body.data[0]).toMatchObject({
      uuid: dead,
      type: 'test.mail',
      state: 'dead',
      attempts: 5,
      lastError: 'smtp: 550 mailbox unavailable',
      company: { uuid: acme, name: 'Acme' },
      payload: { to: 'x@example.org' },
    });
    expect(res.body).not.toContain('s3cret');
    const all = (await call(t.app, { url: '/api/jobs?itemsPerPage=1&page=2', token: read })).json();
    expect(all).toMatchObject({ totalItems: 2, itemsPerPage: 1 });
    expect(all.data).toHaveLength(1);
  });

  it('refuses a bad filter with a translated message', async () => {
    const res = await call(t.app, {
      url: '/api/jobs?state=exploded',
      token: read,
      headers: { 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('retries a dead job (audited, due now, fresh attempts); a read-only super admin may not', async () => {
    expect((await call(t.app, { method: 'POST', url: `/api/jobs/${dead}/retry`, token: read })).statusCode).toBe(403);
    const res = await call(t.app, { method: 'POST', url: `/api/jobs/${dead}/retry`, token: write });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uuid: dead,
      state: 'queued',
      attempts: 0,
      lastError: 'smtp: 550 mailbox unavailable',
    });
    const [audit] = await t.app.db.system((tx) =>
      rows<{ action: string; before: { state: string }; company_id: string }>(
        tx,
        sql`SELECT action, before, company_id FROM audit_log WHERE target_id = ${dead}`,
      ),
    );
    expect(audit).toMatchObject({ action: 'job.retry', before: { state: 'dead' }, company_id: acme });
  });

  it('answers 409 for a job that is not failed or dead, 404 for none, in the caller’s language', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: `/api/jobs/${queued}/retry`,
      token: write,
      headers: { 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'JOB_NOT_RETRYABLE',
      message: 'Seule une tâche en échec ou abandonnée peut être relancée.',
    });
    const none = await call(t.app, {
      method: 'POST',
      url: '/api/jobs/00000000-0000-4000-8000-000000000000/retry',
      token: write,
    });
    expect(none.statusCode).toBe(404);
    expect((await call(t.app, { method: 'POST', url: '/api/jobs/not-a-uuid/retry', token: write })).statusCode).toBe(
      400,
    );
  });

  it('every job type this server runs has a name on the jobs screen, not its code', () => {
    // The screen falls back to the raw type ("certification.reminders") when its catalog has no label.
    const catalog = JSON.parse(
      readFileSync(new URL('../../../../web/src/locales/admin/en.json', import.meta.url), 'utf8'),
    ) as { jobs: { types: Record<string, unknown> } };
    const label = (type: string) =>
      type
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog.jobs.types);
    const unnamed = t.app.jobs.types().filter((type) => typeof label(type) !== 'string');
    expect(t.app.jobs.types().length).toBeGreaterThan(5);
    expect(unnamed).toEqual([]);
  });
});
