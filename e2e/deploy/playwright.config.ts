import { defineConfig } from '@playwright/test';
import { chromiumPath } from '../support/browser';

/**
 * `npm run test:deploy`: the production path as an operator runs it — the compiled server from an
 * install made with `npm ci --omit=dev`, two processes on a fresh PostgreSQL database and Redis,
 * behind nginx with the shipped configuration and a self-signed certificate, in the system Chromium.
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'deploy.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: '../../test-results/deploy',
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
    // The certificate is made by the test itself (openssl, self-signed for localhost and *.localhost).
    ignoreHTTPSErrors: true,
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
