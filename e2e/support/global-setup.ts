import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E_PORT, E2E_SMTP_PORT } from './env';

const root = new URL('../../', import.meta.url).pathname;

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * A real SMTP server (mails land as .eml files the specs read) and the real server process
 * (`node --import tsx apps/server/src/server.ts`) on a fresh embedded database with the demo seed,
 * serving the console build from apps/web/dist.
 */
export default async function globalSetup() {
  const tmp = mkdtempSync(join(tmpdir(), 'wac-e2e-'));
  const mailDir = join(tmp, 'mail');
  mkdirSync(mailDir);
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_PORT = String(E2E_PORT);

  let seq = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
        const name = `${Date.now()}-${String(++seq).padStart(4, '0')}.eml`;
        writeFileSync(join(mailDir, name), `X-E2E-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(E2E_SMTP_PORT, '127.0.0.1', () => resolve());
  });

  // E2E_SERVER_ROOT runs the specs against another checkout's server (e.g. before a merge).
  const serverRoot = process.env.E2E_SERVER_ROOT ?? root;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: join(tmp, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      WEB_DIST: join(root, 'apps/web/dist'),
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Every spec signs in from 127.0.0.1, often as the same person: far more than a person would.
      AUTH_LIMIT_SCALE: '50',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${E2E_PORT}/api/health`, server, 90_000);
  } catch (e) {
    server.kill('SIGTERM');
    smtp.close();
    throw e;
  }

  return async () => {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
      setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
    });
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(tmp, { recursive: true, force: true });
  };
}
