import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { REFUSED_CODE } from '../plugins/web';
import { testConfig } from '../config';
import { createCompany } from '../db/seed/factories';
import { createMemoryBus } from '../lib/bus';
import { call, openTestDatabase } from './harness';

/** What the HTTP surface answers whatever the route: static files, headers, request targets. */
const dir = mkdtempSync(join(tmpdir(), 'wac-web-'));
const dist = join(dir, 'dist');
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(dir, 'outside.conf'), 'secret');

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let http: FastifyInstance;
let https: FastifyInstance;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.db.system((tx) => createCompany(tx, { name: 'Acme', subDomain: 'acme' }));
  const make = async (publicProtocol: 'http' | 'https') => {
    const app = await buildApp({
      config: testConfig({ webDist: dist, publicProtocol }),
      db: db.db,
      bus: createMemoryBus(),
    });
    await app.ready();
    return app;
  };
  http = await make('http');
  https = await make('https');
});
afterAll(async () => {
  await http.close();
  await https.close();
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('static files under /admin/', () => {
  it('a path that leaves the console folder answers the same 404 whether or not the file exists', async () => {
    const answers = [];
    for (const url of [
      '/admin/..%2foutside.conf',
      '/admin/..%2fmissing.conf',
      '/admin/assets/..%2f..%2foutside.conf',
      '/admin/..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fhostname',
      '/admin/..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fno-such-file.conf',
      '/admin/%2e%2e/outside.conf',
    ]) {
      const res = await call(http, { method: 'GET', url, host: 'acme' });
      answers.push([res.statusCode, res.body]);
    }
    for (const a of answers) expect(a).toEqual(answers[1]);
    expect(answers[1]![0]).toBe(404);
  });

  it('real assets and client routes are still served', async () => {
    expect((await call(http, { method: 'GET', url: '/admin/assets/app.js', host: 'acme' })).statusCode).toBe(200);
    const page = await call(http, { method: 'GET', url: '/admin/users', host: 'acme' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('console');
    expect((await call(http, { method: 'GET', url: '/admin/assets/nope.js', host: 'acme' })).statusCode).toBe(404);
  });

  it('hands a switch code to the console only when a page of this deployment opened the address', async () => {
    const url = '/admin/teams?_token=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE&_lang=fr&q=a%20b';
    const open = (app: FastifyInstance, referer?: string) =>
      call(app, { method: 'GET', url, host: 'acme', headers: referer ? { referer } : {} });
    // Opened by the console itself: from the base domain's sign-in, or from another company's page.
    for (const referer of ['http://localhost:3000/', 'http://globex.localhost:3000/', 'http://acme.localhost/']) {
      const ok = await open(http, referer);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('console');
    }
    expect((await open(https, 'https://localhost/')).statusCode).toBe(200);
    // A link in a mail or a chat (no Referer), another site, a look-alike host, another scheme: the
    // address loses its code (the rest stays) and names one the redemption refuses.
    for (const [app, referer] of [
      [http, undefined],
      [http, 'https://evil.example/page'],
      [http, 'http://localhost.evil.example/'],
      [http, 'http://evil-localhost/'],
      [http, 'not a url'],
      [https, 'http://localhost/'],
    ] as const) {
      const refused = await open(app, referer);
      expect(refused.statusCode, String(referer)).toBe(303);
      const to = new URL(refused.headers.location as string, 'http://acme.localhost');
      expect(to.pathname).toBe('/admin/teams');
      expect(Object.fromEntries(to.searchParams)).toEqual({
        _token: REFUSED_CODE,
        _lang: 'fr',
        q: 'a b',
      });
      // The refused name itself is served (no second redirect, no loop), whatever the Referer.
      const landed = await call(app, { method: 'GET', url: `${to.pathname}${to.search}`, host: 'acme' });
      expect(landed.statusCode).toBe(200);
    }
    // Addresses without a code are served as before, whoever links to them.
    expect((await call(http, { method: 'GET', url: '/admin/teams?q=x', host: 'acme' })).statusCode).toBe(200);
  });
});

describe('headers', () => {
  it('Strict-Transport-Security only when the public protocol is https', async () => {
    for (const url of ['/admin/users', '/api/health']) {
      const secure = await call(https, { method: 'GET', url, host: 'acme' });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await call(http, { method: 'GET', url, host: 'acme' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('the content security policy lets the console connect only to its own origin', async () => {
    const csp = (await call(http, { method: 'GET', url: '/admin/users', host: 'acme' })).headers[
      'content-security-policy'
    ] as string;
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src'));
    expect(connect).toBe("connect-src 'self' ws://acme.localhost");
    const secure = (
      await https.inject({ method: 'GET', url: '/admin/users', headers: { host: 'acme.localhost:8443' } })
    ).headers['content-security-policy'] as string;
    expect(secure).toContain("connect-src 'self' wss://acme.localhost:8443;");
    expect(secure).not.toMatch(/connect-src[^;]*(ws:|wss:)(?!\/\/)/);
    // A Host that is not a plain host name adds nothing to the policy.
    const odd = (
      await http.inject({ method: 'GET', url: '/admin/users', headers: { host: "x; script-src 'unsafe-inline'" } })
    ).headers['content-security-policy'] as string;
    expect(odd).toContain("connect-src 'self';");
    expect(odd).not.toContain("script-src 'unsafe-inline'");
  });
});

/** Sends one raw request (inject cannot send an absolute-form target) and reads the answer's head. */
function raw(port: number, lines: string[]): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\nConnection: close\r\n\r\n`));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => {
      out += d;
    });
    socket.on('end', () => {
      const [head = '', ...rest] = out.split('\r\n\r\n');
      resolve({ status: Number(out.split(' ')[1]), head, body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

describe('a fully qualified host (one trailing dot)', () => {
  it('is the same company for the API, and its pages move to the host without the dot', async () => {
    // Read as a sub-domain, not as the base domain: an unknown one is no company, a known one is.
    const unknown = await call(http, { method: 'GET', url: '/api/docs.json', headers: { host: 'nope.localhost.' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('COMPANY_NOT_FOUND');
    const known = await call(http, { method: 'GET', url: '/api/docs.json', headers: { host: 'ACME.localhost.:3000' } });
    expect(known.statusCode).toBe(200);
    const page = await call(http, {
      method: 'GET',
      url: '/admin/users?page=2',
      headers: { host: 'acme.localhost.:3000' },
    });
    expect(page.statusCode).toBe(308);
    expect(page.headers.location).toBe('http://acme.localhost:3000/admin/users?page=2');
    const secure = await call(https, { method: 'GET', url: '/admin/', headers: { host: 'localhost.' } });
    expect(secure.headers.location).toBe('https://localhost/admin/');
  });

  it('a host outside the base domain is never sent elsewhere', async () => {
    const res = await call(http, { method: 'GET', url: '/admin/', headers: { host: 'evil.example.' } });
    expect(res.statusCode).not.toBe(308);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('request targets', () => {
  it('an absolute-form request target is refused before routing; an unknown company never answers 200', async () => {
    const app = await buildApp({ config: testConfig({ webDist: dist }), db: db.db, bus: createMemoryBus() });
    const port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
    try {
      const unknown = await raw(port, [
        'GET http://nope.localhost:3000/api/docs.json HTTP/1.1',
        'Host: nope.localhost:3000',
      ]);
      expect(unknown.status).toBe(400);
      const known = await raw(port, [
        'GET http://acme.localhost/api/invitations/by-token/abcdefghijklmnopqrstuvwxyz HTTP/1.1',
        'Host: acme.localhost',
      ]);
      expect(known.status).toBe(400);
      expect(known.head.toLowerCase()).toContain('cache-control: no-store');
      const star = await raw(port, ['OPTIONS * HTTP/1.1', 'Host: acme.localhost']);
      expect(star.status).toBe(400);
      const normal = await raw(port, ['GET /api/docs.json HTTP/1.1', 'Host: nope.localhost:3000']);
      expect(normal.status).toBe(404);
      const ok = await raw(port, ['GET /api/health HTTP/1.1', 'Host: acme.localhost']);
      expect(ok.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('what Node refuses before any route (an address past 16 KB, broken HTTP) is answered in the asker’s language', async () => {
    const app = await buildApp({ config: testConfig({ webDist: dist }), db: db.db, bus: createMemoryBus() });
    const port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
    try {
      const long = await raw(port, [
        'GET /api/health HTTP/1.1',
        'Host: acme.localhost',
        'Accept-Language: fr',
        `X-Filler: ${'a'.repeat(20_000)}`,
      ]);
      expect([long.status, JSON.parse(long.body)]).toEqual([
        431,
        { code: 'HEADERS_TOO_LARGE', message: 'L’adresse ou les en-têtes de la requête sont trop longs.' },
      ]);
      expect(long.head.toLowerCase()).toContain('content-type: application/json');
      const url = await raw(port, [`GET /api/users?search=${'x'.repeat(20_000)} HTTP/1.1`, 'Host: acme.localhost']);
      expect([url.status, JSON.parse(url.body).code]).toEqual([431, 'HEADERS_TOO_LARGE']);
      const broken = await raw(port, [
        'GET /api/health HTTP/9.9 nonsense',
        'Host: acme.localhost',
        'Accept-Language: de',
      ]);
      expect([broken.status, JSON.parse(broken.body)]).toEqual([
        400,
        { code: 'BAD_REQUEST', message: 'Die Anfrage ist ungültig.' },
      ]);
      // The process goes on answering.
      expect((await raw(port, ['GET /api/health HTTP/1.1', 'Host: acme.localhost'])).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
