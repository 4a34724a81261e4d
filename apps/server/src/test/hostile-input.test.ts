import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { addMembership, createCompany, createUser } from '../db/seed/factories';
import { loggerOptions } from '../lib/log';
import { createMemoryBus } from '../lib/bus';
import { call, createTestApp, type TestContext, tokenFor } from './harness';
import { multipart } from './multipart';

/**
 * Strings a client can send that the database cannot store (NUL) or that make no sense in a
 * one-line field (control characters): refused at the schema with a translated 400, never a 500.
 */
let t: TestContext;
let ids: Record<string, string>;
let admin: string;
let outsider: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const a = await createUser(tx, { email: 'a@acme.test' });
    const o = await createUser(tx, { email: 'o@globex.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, globex.id, o.id);
    return { acme: acme.id, globex: globex.id, a: a.id, o: o.id };
  });
  admin = (await tokenFor(t.app, ids.a!, ids.acme!)).token;
  outsider = (await tokenFor(t.app, ids.o!, ids.globex!)).token;
});
afterAll(() => t.close());

const NUL = '\u0000';

async function expectRefused(res: { statusCode: number; json(): { code: string; issues?: { code: string }[] } }) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.issues?.map((i) => i.code)).toContain('controlCharacters');
}

describe('NUL and control characters', () => {
  it('a search with NUL answers 400 on every listing, in the caller’s language', async () => {
    for (const url of ['/api/members', '/api/teams', '/api/audit-log', '/api/invitations', '/api/join-requests']) {
      const res = await call(t.app, {
        method: 'GET',
        url: `${url}?search=a${encodeURIComponent(NUL)}b`,
        host: 'acme',
        token: admin,
        headers: { 'accept-language': 'de' },
      });
      await expectRefused(res);
      expect(res.json().issues[0].message).toMatch(/Steuerzeichen/);
    }
  });

  it('team name and description with NUL are refused and nothing is written', async () => {
    for (const payload of [{ name: `Ops${NUL}` }, { name: 'Ops', description: `x${NUL}y` }]) {
      await expectRefused(
        await call(t.app, { method: 'POST', url: '/api/teams', host: 'acme', token: admin, payload }),
      );
    }
    const list = await call(t.app, { method: 'GET', url: '/api/teams', host: 'acme', token: admin });
    expect(list.json().totalItems).toBe(0);
  });

  it('a team name with a line break or a tab is refused (a one-line field), a description may have lines', async () => {
    await expectRefused(
      await call(t.app, { method: 'POST', url: '/api/teams', host: 'acme', token: admin, payload: { name: 'a\nb' } }),
    );
    const ok = await call(t.app, {
      method: 'POST',
      url: '/api/teams',
      host: 'acme',
      token: admin,
      payload: { name: 'Lines', description: 'one\r\ntwo\tcolumns' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('a join request with NUL in its sub-domain or message is refused', async () => {
    for (const payload of [{ subDomain: `acme${NUL}` }, { subDomain: 'acme', message: `hi${NUL}` }]) {
      await expectRefused(
        await call(t.app, { method: 'POST', url: '/api/join-requests', host: 'globex', token: outsider, payload }),
      );
    }
  });

  it('an invitation with NUL in a name is refused', async () => {
    await expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/invitations',
        host: 'acme',
        token: admin,
        payload: { email: 'new@acme.test', firstName: `Ne${NUL}w`, roles: ['member'] },
      }),
    );
  });

  it('a NUL anywhere in a body the schema does not name is refused before any handler', async () => {
    await expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/jwt/login',
        host: null,
        payload: { email: 'a@acme.test', password: `Pass${NUL}word1` },
      }),
    );
  });

  it('a CSV import row with NUL is reported invalid, not a 500', async () => {
    const csv = `email,firstName,lastName\r\nn@acme.test,N${NUL}o,Body\r\nok@acme.test,Ok,Body\r\n`;
    const body = multipart(Buffer.from(csv), { filename: 'm.csv', contentType: 'text/csv' });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/members/import/preview',
      host: 'acme',
      token: admin,
      ...body,
    });
    expect(res.statusCode).toBe(200);
    // The answer counts the good row and lists the one with a problem.
    expect(res.json().counts).toMatchObject({ invalid: 1, valid: 1 });
    const rows = res.json().problems as { line: number; status: string; errors: { code: string }[] }[];
    expect(rows.map((r) => [r.line, r.status])).toEqual([[2, 'invalid']]);
    expect(rows[0]!.errors.map((e) => e.code)).toContain('controlCharacters');
  });

  it('a malformed multipart body on the avatar upload answers 400, not 500', async () => {
    const boundary = '----wacbroken';
    for (const payload of [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
      `--${boundary}\r\nnot a header line\r\n\r\nxx\r\n--${boundary}--\r\n`,
      'garbage',
    ]) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/profile/avatar',
        host: 'acme',
        token: admin,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
  });
});

describe('logs', () => {
  it('a failed statement is logged without its parameters', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = testConfig({ logLevel: 'info' });
    const options = loggerOptions(config);
    if (!options) throw new Error('logging is on at level info');
    const app = await buildApp({
      config,
      db: t.db,
      bus: createMemoryBus(),
      logger: { ...options, stream },
    });
    app.get('/api/test/failing-statement', async () =>
      app.db.system((tx) => tx.execute(sql`SELECT ${'secret-token-hash-0123'}::int`)),
    );
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/test/failing-statement', headers: { host: 'localhost' } });
    await app.close();
    expect(res.statusCode).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).not.toContain('secret-token-hash-0123');
  });
});
