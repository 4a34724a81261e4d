import { defineConfig } from '@playwright/test';
import { chromiumPath } from './support/browser';

/**
 * End-to-end tests of the console in the system Chromium (never a downloaded browser), against
 * the production build served by the real server on `*.localhost` sub-domains. The global setup
 * starts that server with a fresh database and a real in-process SMTP server.
 */
export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  // One server process with an embedded database, on a 2-core machine: one worker.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: '../test-results/e2e',
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // The console honours reduced motion (Mantine respectReducedMotion): no transition is caught
    // half-way by an axe scan (a popover fading in blends its colours and fails contrast).
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
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
