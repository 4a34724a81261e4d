import { readFileSync } from 'node:fs';
import http from 'node:http';

export const DEFAULT_BENCH_DB_URL = 'postgres://postgres@127.0.0.1:5432/wac_bench';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export const ms = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(v < 10 ? 2 : 0)} ms`);
export const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request to 127.0.0.1 with an explicit Host: Node does not resolve `*.localhost`, and the
 * server picks the company from the Host header.
 */
export function request(
  port: number,
  opts: { method?: string; path: string; host: string; headers?: Record<string, string>; body?: unknown },
): Promise<HttpAnswer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: {
          host: opts.host,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Polls until the server answers anything over HTTP. */
export async function waitForHttp(port: number, host: string, path: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await request(port, { path, host });
      return;
    } catch (e) {
      if (Date.now() > until) throw e;
      await sleep(200);
    }
  }
}

/** The `name=value` part of a Set-Cookie header, for replaying it as a Cookie header. */
export function cookiePair(setCookie: string | string[] | undefined, name?: string): string | null {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const c of list) {
    const pair = c.split(';')[0]!.trim();
    if (!name || pair.startsWith(`${name}=`)) return pair;
  }
  return null;
}

/** User + system CPU of a process and its threads, in µs (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuUsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0; // a backend that ended meanwhile
  }
}
