import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { desc } from 'drizzle-orm';
import pg from 'pg';
import { sessions } from '../../apps/server/src/db/schema/index';
import { addMembership, createCompany, createUser } from '../../apps/server/src/db/seed/factories';
import { hashPassword } from '../../apps/server/src/lib/password';
import { type Cluster, startCluster } from '../../apps/server/src/test/cluster';
import { withDatabase } from '../../apps/server/src/test/global-setup';
import { multipart } from '../../apps/server/src/test/multipart';
import sharp from 'sharp';
import { expectDashboard } from '../support/console';

/**
 * The production path, end to end: `npm run build`, an install with `npm ci --omit=dev` (no
 * TypeScript loader, no dev dependency), two compiled processes started together on a new
 * PostgreSQL database (they meet at the migration lock) with Redis, nginx in front with the
 * shipped configuration rendered by envsubst and a self-signed certificate. Then what an operator
 * and a user would see: https only, one copy of each security header, a sign-in on a company
 * sub-domain in Chromium with its real-time socket through the proxy, a revoke on the other
 * process signing that browser out, client addresses that a forged X-Forwarded-For cannot change,
 * a rolling restart without a failed request, and a pg_dump backup restored into a new database.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const PORTS = [3461, 3462];
const HTTP_PORT = 3480;
const HTTPS_PORT = 3443;
const PASSWORD = 'Deploy-Drill-2026';
const run = (cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  execFileSync(cmd, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? process.env, stdio: 'pipe', encoding: 'utf8' });

let work: string;
let install: string;
let cluster: Cluster;
let nginx: ChildProcess | undefined;
let ids: { acme: string; ann: string; max: string };

/** The files a production host receives: lock file, workspace manifests, the two builds. */
function productionInstall(dir: string) {
  for (const f of [
    'package.json',
    'package-lock.json',
    'packages/shared/package.json',
    'apps/server/package.json',
    'apps/web/package.json',
    'e2e/package.json',
    'bench/package.json',
    'scripts/server-script.mjs',
  ]) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(dir, f));
  }
  cpSync(join(ROOT, 'apps/server/dist'), join(dir, 'apps/server/dist'), { recursive: true });
  cpSync(join(ROOT, 'apps/web/dist'), join(dir, 'apps/web/dist'), { recursive: true });
  run('npm', ['ci', '--omit=dev', '--workspace=apps/server', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
  });
}

/** The shipped site configuration rendered as the guide says, inside a root-less nginx.conf. */
function startNginx() {
  const dir = join(work, 'nginx');
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  // Workers run as an unprivileged user when nginx starts as root: they write the temp folder.
  chmodSync(work, 0o755);
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'tmp'), 0o777);
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,DNS:*.localhost',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  // The guide's command: envsubst with the list of variables, so nginx's own $host etc. stay.
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
        HTTP_PORT: String(HTTP_PORT),
        HTTPS_PORT: String(HTTPS_PORT),
        UPSTREAM_1: `127.0.0.1:${PORTS[0]}`,
        UPSTREAM_2: `127.0.0.1:${PORTS[1]}`,
      },
    },
  );
  expect(rendered).not.toContain('${');
  writeFileSync(join(dir, 'workplace.conf'), rendered);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 256; }
http {
  log_format upstream '$request_method $uri $status $upstream_addr';
  access_log ${dir}/access.log upstream;
  add_header X-Upstream $upstream_addr always;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include /etc/nginx/mime.types;
  include ${dir}/workplace.conf;
}
`,
  );
  run('nginx', ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')]);
  nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  return dir;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  rawHeaders: string[];
  body: string;
}

/** A request through nginx's https port as a client on this machine, with the Host of a sub-domain. */
function viaProxy(o: {
  method?: string;
  path: string;
  body?: unknown;
  /** A body sent as it is (multipart), with its own content-type in headers. */
  raw?: Buffer;
  headers?: Record<string, string>;
}): Promise<Answer> {
  const payload = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: HTTPS_PORT,
        method: o.method ?? 'GET',
        path: o.path,
        servername: 'acme.localhost',
        rejectUnauthorized: false,
        headers: {
          host: `acme.localhost:${HTTPS_PORT}`,
          accept: 'application/json',
          ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...o.headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = mkdtempSync(join(tmpdir(), 'wac-deploy-'));
  run('npm', ['run', '--silent', 'build:server']);
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) run('npm', ['run', '--silent', 'build', '-w', 'apps/web']);
  install = join(work, 'install');
  productionInstall(install);
  expect(existsSync(join(install, 'node_modules/tsx'))).toBe(false);
  expect(existsSync(join(install, 'node_modules/esbuild'))).toBe(false);

  cluster = await startCluster({
    ports: PORTS,
    label: 'deploy',
    compiled: true,
    together: true,
    cwd: install,
    env: {
      BASE_DOMAIN: 'localhost',
      PUBLIC_PROTOCOL: 'https',
      PUBLIC_PORT: String(HTTPS_PORT),
      TRUST_PROXY: '1',
    },
  });
  const passwordHash = await hashPassword(PASSWORD);
  ids = await cluster.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme Corp', subDomain: 'acme' });
    const ann = await createUser(tx, { email: 'ann@acme-corp.com', firstName: 'Ann', passwordHash });
    const max = await createUser(tx, { email: 'max@acme-corp.com', firstName: 'Max', passwordHash });
    await addMembership(tx, acme.id, ann.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, max.id);
    return { acme: acme.id, ann: ann.id, max: max.id };
  });
  startNginx();
  await waitFor(async () => (await viaProxy({ path: '/api/health' })).status === 200, 'nginx');
});

test.afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = once(nginx, 'exit');
    nginx.kill('SIGQUIT');
    await exited;
  }
  await cluster?.close();
  // DEPLOY_TEST_KEEP=1 keeps the install, nginx's logs and configuration for a look after a failure.
  if (work && !process.env.DEPLOY_TEST_KEEP) rmSync(work, { recursive: true, force: true });
  else if (work) console.log(`kept ${work}`);
});

test('plain http is redirected to https, and no security header is sent twice', async () => {
  const redirect = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: HTTP_PORT, path: '/admin/login?next=1', headers: { host: 'acme.localhost' } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    req.on('error', reject);
    req.end();
  });
  expect(redirect).toEqual({ status: 301, location: `https://acme.localhost:${HTTPS_PORT}/admin/login?next=1` });

  for (const path of ['/admin/login', '/api/health', '/api/me']) {
    const res = await viaProxy({ path, headers: { accept: 'text/html,application/json' } });
    const names = res.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    const repeated = names.filter((n, i) => n !== 'set-cookie' && names.indexOf(n) !== i);
    expect(repeated, `${path} repeats ${repeated.join(', ')}`).toEqual([]);
    expect(res.headers.server).toBe('nginx');
  }
});

test('a browser signs in on a company sub-domain through the proxy and is signed out by a revoke on the other process', async ({
  page,
}) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  let socketUpstream = '';
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketHandshakeResponseReceived', (e) => {
    if (e.response.status === 101)
      socketUpstream = String(e.response.headers['X-Upstream'] ?? e.response.headers['x-upstream'] ?? '');
  });
  // The company's sign-in page forwards to the base domain's at once: wait only for the start.
  await page.goto(`https://acme.localhost:${HTTPS_PORT}/admin/login`, { waitUntil: 'commit' });
  await page.locator('input[autocomplete=username]').fill('max@acme-corp.com');
  await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
  await page.locator('form button[type=submit]').click();
  await expectDashboard(page, 'Max');
  await expect
    .poll(() => sockets.filter((u) => u.startsWith(`wss://acme.localhost:${HTTPS_PORT}/api/realtime`)).length)
    .toBe(1);

  // The test's nginx.conf adds X-Upstream to every answer (the shipped site adds no header of its
  // own, so it inherits it): the socket's handshake names the process that holds it.
  await expect.poll(() => socketUpstream).not.toBe('');
  const socketPort = Number(socketUpstream.split(':').pop());
  const other = PORTS.find((p) => p !== socketPort)!;
  expect(PORTS).toContain(socketPort);

  // The socket stays up across the proxy: a role change made on the other process reaches it.
  const { token } = await cluster.sign(ids.ann, ids.acme);
  const usersLink = page.getByRole('navigation').getByRole('link', { name: 'Users' });
  await expect(usersLink).toHaveCount(0);
  const found = await cluster.http(other, { method: 'GET', path: '/api/members?search=max', sub: 'acme', token });
  const max = (found.body.data as Array<{ uuid: string; version: number }>)[0]!;
  const promoted = await cluster.http(other, {
    method: 'PATCH',
    path: `/api/members/${max.uuid}`,
    sub: 'acme',
    token,
    body: { version: max.version, roles: ['admin'] },
  });
  expect(promoted.status).toBe(200);
  await expect(usersLink).toHaveCount(1, { timeout: 5000 });

  const started = Date.now();
  const revoked = await cluster.http(other, {
    method: 'POST',
    path: `/api/members/${max.uuid}/sessions/revoke`,
    sub: 'acme',
    token,
  });
  expect(revoked.status).toBe(200);
  await page.waitForURL(/\/admin\/login/, { timeout: 5000 });
  console.log(
    `revoke on :${other} → browser on :${socketPort} (through nginx) signed out in ${Date.now() - started} ms`,
  );
});

test('a forged X-Forwarded-For changes neither the recorded address nor the per-IP limit', async () => {
  const login = await viaProxy({
    method: 'POST',
    path: '/api/jwt/login',
    body: { email: 'ann@acme-corp.com', password: PASSWORD },
    headers: { 'x-forwarded-for': '203.0.113.7' },
  });
  expect(login.status).toBe(200);
  const [session] = await cluster.db.system((tx) =>
    tx.select().from(sessions).orderBy(desc(sessions.createdAt)).limit(1),
  );
  // nginx saw this test on 127.0.0.1 and appended it; the forged entry to its left is ignored.
  expect(session!.ip).toBe('127.0.0.1');

  // forgot-password allows 30 per address in 15 minutes; a new forged address each time does not reset it.
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    const res = await viaProxy({
      method: 'POST',
      path: '/api/jwt/forgot-password',
      body: { email: `nobody${i}@acme-corp.com` },
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
    });
    statuses.push(res.status);
  }
  expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
  expect(statuses[30]).toBe(429);
});

test('a 1.5 MB image passes the proxy to the compiled server, which re-encodes it; 4 MB stops at nginx', async () => {
  const { token } = await cluster.sign(ids.ann, ids.acme);
  const noise = Buffer.alloc(700 * 700 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const png = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(1_048_576);
  const { payload, headers } = multipart(png);
  const res = await viaProxy({
    method: 'POST',
    path: '/api/profile/avatar',
    raw: payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  expect(res.status, res.body).toBe(200);
  const avatar = JSON.parse(res.body).avatar as string;
  const served = await viaProxy({ path: avatar, headers: { accept: 'image/*' } });
  expect(served.status).toBe(200);
  expect(served.headers['content-type']).toMatch(/^image\//);

  const big = multipart(Buffer.alloc(4 * 1024 * 1024, 1));
  const refused = await viaProxy({
    method: 'POST',
    path: '/api/profile/avatar',
    raw: big.payload,
    headers: { ...big.headers, authorization: `Bearer ${token}` },
  });
  expect(refused.status).toBe(413);
});

test('a rolling restart keeps the site answering, and a pg_dump backup restores into a new database', async () => {
  // One process at a time, as an upgrade does: nginx sends every request to the one that is up.
  for (const index of [0, 1]) {
    const stopping = cluster.stop(index);
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await viaProxy({ path: '/api/health' })).status);
    await stopping;
    for (let i = 0; i < 10; i++) answers.push((await viaProxy({ path: '/api/health' })).status);
    expect(answers).toEqual(Array(20).fill(200));
    await cluster.restart(index);
    // nginx takes a failed process back after fail_timeout (5 s); the guide says to wait for it.
    const port = String(PORTS[index]);
    await waitFor(
      async () => String((await viaProxy({ path: '/api/health' })).headers['x-upstream']).endsWith(port),
      `nginx to send requests to :${port} again`,
    );
  }

  // The guide's backup and restore commands, run in the production install.
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const source = cluster.databaseUrl;
  const file = join(work, 'workplace.dump');
  const backup = spawnSync('npm', ['run', '--silent', 'backup', '--', file], {
    cwd: install,
    env: { ...process.env, DATABASE_URL: source },
    encoding: 'utf8',
  });
  expect(backup.status, backup.stderr).toBe(0);
  expect(backup.stdout).toMatch(/PostgreSQL backed up to/);

  const name = `wac_deploy_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = withDatabase(adminUrl, name);
  let restored: Cluster | undefined;
  try {
    const restore = spawnSync('npm', ['run', '--silent', 'restore', '--', file], {
      cwd: install,
      env: { ...process.env, DATABASE_URL: target },
      encoding: 'utf8',
    });
    expect(restore.status, restore.stderr).toBe(0);
    const count = async (url: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query(
        `select (select count(*) from users)::int as users, (select count(*) from memberships)::int as memberships,
                (select count(*) from sessions)::int as sessions, (select count(*) from audit_log)::int as audit`,
      );
      await c.end();
      return rows[0];
    };
    expect(await count(target)).toEqual(await count(source));
    expect((await count(target)).audit).toBeGreaterThan(0);
    // A compiled server on the restored database: migrations find nothing to do, and Ann signs in.
    restored = await startCluster({
      ports: [3463],
      label: 'restored',
      compiled: true,
      cwd: install,
      databaseUrl: target,
    });
    const login = await restored.http(3463, {
      method: 'POST',
      path: '/api/jwt/login',
      sub: 'acme',
      body: { email: 'ann@acme-corp.com', password: PASSWORD },
    });
    expect(login.status).toBe(200);
  } finally {
    await restored?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
