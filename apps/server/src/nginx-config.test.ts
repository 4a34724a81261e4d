import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The shipped nginx site (deploy/nginx) in front of two stand-in processes that answer what a
 * server answers while PostgreSQL is away: 503 SERVICE_UNAVAILABLE for the API, the console's files
 * as usual. A 503 is the database's condition, not the process's: nginx must pass it on and keep both
 * processes in rotation. Counted as a failed attempt (`proxy_next_upstream http_503` with
 * `max_fails=1`), one 503 took every process out for `fail_timeout`, and every request of those 5 s,
 * the console's own script files included, got nginx's "502 Bad Gateway" page: a blank console.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
const haveNginx = existsSync('/usr/sbin/nginx') && existsSync('/usr/bin/envsubst');

let dir: string;
let nginx: ChildProcess | undefined;
const backends: http.Server[] = [];
let httpsPort = 0;

const listen = (s: http.Server) =>
  new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));

function freePort() {
  const s = http.createServer();
  return listen(s).then((p) => new Promise<number>((resolve) => s.close(() => resolve(p))));
}

function get(path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', port: httpsPort, path, rejectUnauthorized: false, headers: { host: 'acme.localhost' } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.runIf(haveNginx)('the shipped nginx site during a database outage', () => {
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const s = http.createServer((req, res) => {
        if (req.url?.startsWith('/api/')) {
          res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
          res.end(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable.' }));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end('export {};');
      });
      backends.push(s);
    }
    const [a, b] = [await listen(backends[0]!), await listen(backends[1]!)];
    httpsPort = await freePort();
    const httpPort = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'wac-nginx-'));
    mkdirSync(join(dir, 'tmp'));
    execFileSync('chmod', ['-R', '777', dir]);
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'].concat([
        '-keyout',
        key,
        '-out',
        cert,
      ]),
      { stdio: 'ignore' },
    );
    const rendered = execFileSync(
      'envsubst',
      ['$BASE_DOMAIN $TLS_CERT $TLS_KEY $HTTP_PORT $HTTPS_PORT $UPSTREAM_1 $UPSTREAM_2'],
      {
        input: readFileSync(join(ROOT, 'deploy/nginx/workplace.conf.template')),
        encoding: 'utf8',
        env: {
          ...process.env,
          BASE_DOMAIN: 'localhost',
          TLS_CERT: cert,
          TLS_KEY: key,
          HTTP_PORT: String(httpPort),
          HTTPS_PORT: String(httpsPort),
          UPSTREAM_1: `127.0.0.1:${a}`,
          UPSTREAM_2: `127.0.0.1:${b}`,
        },
      },
    );
    writeFileSync(join(dir, 'workplace.conf'), rendered);
    writeFileSync(
      join(dir, 'nginx.conf'),
      `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/workplace.conf;
}
`,
    );
    nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
    const until = Date.now() + 10_000;
    for (;;) {
      const ok = await get('/admin/assets/x.js').then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (Date.now() > until) throw new Error('nginx did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all(backends.map((s) => new Promise((r) => s.close(r))));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("passes the server's 503 on and keeps serving the console's files", async () => {
    for (let i = 0; i < 4; i++) {
      const api = await get('/api/profile');
      expect(api.status).toBe(503);
      expect(JSON.parse(api.body).code).toBe('SERVICE_UNAVAILABLE');
      expect((await get(`/admin/assets/chunk-${i}.js`)).status).toBe(200);
    }
  });
});
