import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  MAIL_FROM: z.string().default('Workplace <no-reply@workplace.local>'),
  JWT_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.optional(),
  TRUST_PROXY: bool.default(false),
  LISTING_CACHE: bool.default(true),
  WEB_DIST: z.string().optional(),
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
  mailFrom: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  logLevel: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Remember deep-page anchors and search results per process (always re-checked by version). */
  listingCache: boolean;
  webDist: string;
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
    mailFrom: e.MAIL_FROM,
    jwtSecret,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    listingCache: e.LISTING_CACHE,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    schedulingUrl: e.SCHEDULING_URL,
    videoUrl: e.VIDEO_URL,
  };
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
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
    logLevel: 'silent',
    seedDemo: false,
    trustProxy: false,
    listingCache: true,
    webDist: resolve(new URL('../../web/dist', import.meta.url).pathname),
    schedulingUrl: 'https://scheduling.example.com',
    videoUrl: 'https://video.example.com',
    ...overrides,
  };
}
