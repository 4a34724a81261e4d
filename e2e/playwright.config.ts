import { defineConfig } from '@playwright/test';
import { chromiumPath } from './support/browser';

/** Comma-separated spec file names as the globs `testMatch` and `testIgnore` take. */
const specFiles = (list: string) => list.split(',').map((f) => `**/${f.trim()}`);

/**
 * End-to-end tests of the console in the system Chromium (never a downloaded browser), against
 * the production build served by the real server on `*.localhost` sub-domains. The global setup
 * starts that server with a fresh database and a real in-process SMTP server.
 */
export default defineConfig({
  testDir: './specs',
  // CI runs some spec files beside the rest, on a server of their own (scripts/test.mjs): E2E_SPECS
  // names them (comma-separated file names), E2E_EXCEPT leaves them out of the other run.
  ...(process.env.E2E_SPECS ? { testMatch: specFiles(process.env.E2E_SPECS) } : {}),
  ...(process.env.E2E_EXCEPT ? { testIgnore: specFiles(process.env.E2E_EXCEPT) } : {}),
  globalSetup: './support/global-setup.ts',
  // One server process with an embedded database, on a 2-core machine: one worker.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  // 20 s, not 10: in CI the fault suite's bursts (several servers, kill -9, restarts) run beside this
  // tier on the same two cores, and a one-row import that takes 0.4 s alone once took more than 10 s
  // there (2026-12-04). It only changes how long a failure takes to be said.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results/e2e',
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
