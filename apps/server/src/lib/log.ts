import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.otp',
  '*.accessToken',
  '*.refreshToken',
  '*.code',
];

// PostgreSQL puts the offending value in some messages (`invalid input syntax for type integer: "…"`).
const QUOTED = /"(?:[^"\\]|\\.)*"/g;
const PG_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

/**
 * An error as the logs may keep it: the statement text but never its parameters (tokens, hashes,
 * personal data), and database messages with their quoted values blanked. Drizzle puts the
 * parameters in `params` and in the message (`Failed query: …\nparams: …`).
 */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function safeError(err: unknown, depth = 0): LoggedError {
  if (typeof err !== 'object' || err === null) {
    return { type: typeof err, message: String(err).replace(QUOTED, '"…"'), stack: '' };
  }
  const e = err as Error & Record<string, unknown>;
  const out: LoggedError = { type: e.constructor?.name ?? 'Error', message: '', stack: '' };
  const scrub = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '').replace(QUOTED, '"…"');
  if (typeof e.message === 'string') out.message = scrub(e.message.split('\nparams:')[0] ?? '');
  if (typeof e.query === 'string') out.query = e.query;
  for (const f of PG_FIELDS) if (typeof e[f] === 'string' || typeof e[f] === 'number') out[f] = e[f];
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (typeof e.stack === 'string') out.stack = scrub(e.stack);
  if (e.cause !== undefined && depth < 5) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** The server's logger: secrets redacted, paths without query strings. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
): false | Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: REDACT,
    serializers: {
      err: (err: unknown) => safeError(err),
      // Paths only: query strings may carry codes and must never reach the logs.
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
    },
  };
}
