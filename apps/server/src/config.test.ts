import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'wac-config-'));

describe('config', () => {
  it('runs embedded with no variables, keeping one signing secret per data folder', () => {
    const DATA_DIR = dataDir();
    const a = loadConfig({ DATA_DIR });
    expect(a).toMatchObject({ port: 3000, baseDomain: 'localhost', seedDemo: true });
    expect(a.databaseUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR }).jwtSecret).toBe(a.jwtSecret);
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', DATA_DIR: dataDir() })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', DATA_DIR: dataDir() });
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT/);
      expect((e as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it('requires a shared JWT_SECRET with an external database, and does not seed it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' })).toThrow(/JWT_SECRET/);
    const c = loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db', JWT_SECRET: 'x'.repeat(32) });
    expect(c.seedDemo).toBe(false);
  });

  it('remembers request contexts with PostgreSQL, where that saves a round trip, and not embedded, unless told', () => {
    const pg = { DATABASE_URL: 'postgres://x@127.0.0.1/db', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(pg).contextCache).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir() }).contextCache).toBe(false);
    expect(loadConfig({ ...pg, CONTEXT_CACHE: 'false' }).contextCache).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), CONTEXT_CACHE: 'true' }).contextCache).toBe(true);
  });

  it('refuses plain http on a public domain, where the sign-in cookie would lack Secure', () => {
    const DATA_DIR = dataDir();
    expect(() => loadConfig({ BASE_DOMAIN: 'example.com', DATA_DIR })).toThrow(
      /PUBLIC_PROTOCOL: http on example.com would send the sign-in cookie without Secure/,
    );
    expect(loadConfig({ BASE_DOMAIN: 'example.com', PUBLIC_PROTOCOL: 'https', DATA_DIR }).publicProtocol).toBe('https');
    expect(loadConfig({ BASE_DOMAIN: 'intranet.test', DATA_DIR }).publicProtocol).toBe('http');
  });
});
