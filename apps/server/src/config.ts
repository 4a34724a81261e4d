import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  BASE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'a host name such as localhost or example.com')
    .default('localhost'),
  PUBLIC_PROTOCOL: z.enum(['http', 'https']).default('http'),
  /** Port shown in printed and mailed URLs when it differs from PORT (behind a proxy). */
  PUBLIC_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  /** Prefix of every Redis channel: lets several installs (or test runs) share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, : _ - (≤64)')
    .default('wac:'),
  SMTP_URL: z.url().optional(),
  /** SMTP connections kept open and reused (a pooled transport): mail jobs running at once share them. */
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(32).default(4),
  MAIL_FROM: z.string().default('Workplace <no-reply@workplace.local>'),
  /** Without SMTP_URL, write mails (sign-up codes, invitation links) to the log: the embedded demo's default. */
  MAIL_LOG: bool.optional(),
  JWT_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Multiplies every sign-in, sign-up and reset limit and the invitation quota; for test rigs that sign in (and invite) hundreds of times from one address. */
  AUTH_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.optional(),
  TRUST_PROXY: z.string().optional(),
  LISTING_CACHE: bool.default(true),
  CONTEXT_CACHE: bool.optional(),
  WEB_DIST: z.string().optional(),
  /** Whether this process runs background jobs (it always enqueues them). */
  JOBS_ENABLED: bool.default(true),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Addresses (CIDR, comma-separated) allowed to read /api/metrics without a token. */
  METRICS_ALLOW: z.string().default('127.0.0.1/32,::1/128'),
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  SCHEDULING_URL: z.string().default('https://scheduling.example.com'),
  VIDEO_URL: z.string().default('https://video.example.com'),
});

export interface Config {
  port: number;
  host: string;
  baseDomain: string;
  publicProtocol: 'http' | 'https';
  publicPort: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix?: string;
  smtpUrl?: string;
  smtpPoolSize?: number;
  mailFrom: string;
  /** Without SMTP_URL, mails are written to the log (codes and links included). */
  mailLog: boolean;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  logLevel: string;
  /** Multiplies the auth flows' rate limits (1 in production). */
  authLimitScale: number;
  seedDemo: boolean;
  /**
   * Which X-Forwarded-For entries to believe: none (false), the last N hops, or the entries added by
   * these proxy addresses/CIDRs. Never "all": a client would choose its own address.
   */
  trustProxy: false | number | string[];
  /** Remember deep-page anchors and search results per process (always re-checked by version). */
  listingCache: boolean;
  /**
   * Remember request contexts per process; each read request proves its own in its first
   * transaction (decision 026). On by default with PostgreSQL, where it saves a round trip.
   */
  contextCache: boolean;
  webDist: string;
  jobs: { enabled: boolean; concurrency?: number; pollMs: number };
  metrics: { allow: string; token?: string };
  schedulingUrl: string;
  videoUrl: string;
}

export class ConfigError extends Error {}

/** Reads the environment into one typed config; a bad value stops the start with one clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  refuseUnsafe(e);
  const dataDir = resolve(e.DATA_DIR);
  let jwtSecret = e.JWT_SECRET;
  if (!jwtSecret) {
    if (e.DATABASE_URL) {
      throw new ConfigError(
        'Invalid configuration:\n  JWT_SECRET: required with DATABASE_URL (every process must share it)',
      );
    }
    jwtSecret = embeddedSecret(dataDir);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    baseDomain: e.BASE_DOMAIN,
    publicProtocol: e.PUBLIC_PROTOCOL,
    publicPort: e.PUBLIC_PORT ?? e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    smtpPoolSize: e.SMTP_POOL_SIZE,
    mailFrom: e.MAIL_FROM,
    mailLog: e.MAIL_LOG ?? !e.DATABASE_URL,
    jwtSecret,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    logLevel: e.LOG_LEVEL,
    authLimitScale: e.AUTH_LIMIT_SCALE,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    trustProxy,
    listingCache: e.LISTING_CACHE,
    // On PostgreSQL the lookup is a round trip of its own; embedded, it is a statement like the check.
    contextCache: e.CONTEXT_CACHE ?? !!e.DATABASE_URL,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    jobs: { enabled: e.JOBS_ENABLED, concurrency: e.JOBS_CONCURRENCY, pollMs: e.JOBS_POLL_MS },
    metrics: { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN },
    schedulingUrl: e.SCHEDULING_URL,
    videoUrl: e.VIDEO_URL,
  };
}

const invalid = (name: string, message: string) => new ConfigError(`Invalid configuration:\n  ${name}: ${message}`);

const TRUST_PROXY_HELP =
  'set the number of proxies in front of the server (TRUST_PROXY=1 behind one nginx) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8)';

/**
 * TRUST_PROXY: unset/false = the socket address is the client; a hop count; or a comma list of
 * proxy addresses, CIDR ranges, or the names loopback/linklocal/uniquelocal. "true" would take the
 * left-most X-Forwarded-For entry, which the client writes itself, so it is refused.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'no' || v === '0') return false;
  if (v === 'true' || v === 'yes' || v === '*') {
    throw invalid(
      'TRUST_PROXY',
      `"${value}" would let any client forge its address in X-Forwarded-For; ${TRUST_PROXY_HELP}`,
    );
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw invalid('TRUST_PROXY', `${hops} proxies is not a plausible chain; ${TRUST_PROXY_HELP}`);
    return hops;
  }
  const entries = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const max = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
    if (!family || !bitsOk || extra !== undefined) {
      throw invalid(
        'TRUST_PROXY',
        `"${entry}" is neither a hop count nor an address or CIDR range; ${TRUST_PROXY_HELP}`,
      );
    }
    if (bits !== undefined && Number(bits) === 0) {
      throw invalid(
        'TRUST_PROXY',
        `"${entry}" trusts every address, so any client could forge its own; ${TRUST_PROXY_HELP}`,
      );
    }
  }
  return entries;
}

/**
 * The value for Fastify's trustProxy. A hop count becomes "believe the last N entries": Fastify
 * itself ignores a bare number, because N hops cannot tell a proxy from a client that reaches the
 * server directly, so a hop count is only safe where the proxy alone can reach the server's port.
 */
export function proxyTrust(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Host names that only ever reach this machine or a private test network. */
const isLocalName = (host: string) =>
  host === 'localhost' || /\.(localhost|local|test|internal)$/.test(host) || isIP(host) !== 0;

/**
 * Settings that would run but be unsafe in production stop the start here, one line each, rather
 * than starting half-working: a server on a public domain over plain http sends its sign-in cookie
 * without Secure (TLS at the proxy needs PUBLIC_PROTOCOL=https, which also makes the cookie Secure).
 */
function refuseUnsafe(e: z.infer<typeof EnvSchema>) {
  if (e.PUBLIC_PROTOCOL === 'http' && !isLocalName(e.BASE_DOMAIN)) {
    throw invalid(
      'PUBLIC_PROTOCOL',
      `http on ${e.BASE_DOMAIN} would send the sign-in cookie without Secure; terminate TLS at the proxy and set PUBLIC_PROTOCOL=https`,
    );
  }
}

/** The embedded install keeps its signing secret next to its data, created on first start. */
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A config for tests: embedded database in memory unless a URL is given. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    baseDomain: 'localhost',
    publicProtocol: 'http',
    publicPort: 3000,
    dataDir: 'memory://',
    mailFrom: 'Workplace <no-reply@workplace.local>',
    mailLog: true,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
    logLevel: 'silent',
    authLimitScale: 1,
    seedDemo: false,
    trustProxy: false,
    listingCache: true,
    contextCache: true,
    webDist: resolve(new URL('../../web/dist', import.meta.url).pathname),
    jobs: { enabled: true, pollMs: 50 },
    metrics: { allow: '127.0.0.1/32,::1/128' },
    schedulingUrl: 'https://scheduling.example.com',
    videoUrl: 'https://video.example.com',
    ...overrides,
  };
}
