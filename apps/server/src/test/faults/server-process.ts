import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';

const ROOT = new URL('../../../../../', import.meta.url).pathname;

/** One real server process (`node --import tsx apps/server/src/server.ts`), as production runs it. */
export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** stderr of the process, for the report when something goes wrong. */
  stderr(): string;
  /** Sends a signal and waits for the exit; resolves with the exit code (null after a kill). */
  signal(signal: NodeJS.Signals): Promise<number | null>;
}

export async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    // The bursts below invite hundreds of people into one trial company within seconds.
    AUTH_LIMIT_SCALE: '100',
    ...env,
  };
  // An empty value removes the variable (the embedded install runs without DATABASE_URL, REDIS_URL).
  for (const [k, v] of Object.entries(merged)) if (v === '') delete merged[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: merged,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-20_000);
  });
  const exited = once(child, 'exit');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server on ${port} exited (${child.exitCode ?? child.signalCode}):\n${stderr}`);
    }
    if ((await get(port, '/api/health', 'localhost', 1_000).catch(() => null))?.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on ${port} did not start:\n${stderr}`);
    }
    await sleep(100);
  }
  return {
    port,
    child,
    stderr: () => stderr,
    async signal(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = await exited;
      return code as number | null;
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  ms: number;
}

/**
 * One HTTP request on its own connection with a company Host (Node does not resolve *.localhost):
 * status 0 when the connection failed or nothing came back within `timeoutMs`.
 */
export function send(
  port: number,
  opts: {
    method?: string;
    path: string;
    host: string;
    token?: string;
    body?: unknown;
    /** A body sent as it is (a multipart upload), with its content type. */
    raw?: { data: Buffer; contentType: string };
    lang?: string;
    timeoutMs?: number;
  },
): Promise<Answer & { error?: string }> {
  const started = performance.now();
  const payload = opts.raw ? opts.raw.data : opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        agent: false,
        headers: {
          host: `${opts.host}:${port}`,
          accept: 'application/json',
          ...(opts.lang ? { 'accept-language': opts.lang } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload === undefined ? {} : { 'content-type': opts.raw?.contentType ?? 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => {
          let body: Record<string, unknown> = {};
          try {
            body = text ? JSON.parse(text) : {};
          } catch {
            body = { text };
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: performance.now() - started });
        });
        res.on('error', (err) =>
          resolve({ status: 0, headers: {}, body: {}, ms: performance.now() - started, error: err.message }),
        );
      },
    );
    req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, headers: {}, body: {}, ms: performance.now() - started, error: err.code ?? err.message }),
    );
    req.end(payload);
  });
}

export const get = (port: number, path: string, host: string, timeoutMs?: number) =>
  send(port, { path, host, timeoutMs });
