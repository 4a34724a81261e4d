import { defineConfig } from 'vitest/config';

/** The console's test environment: a page on a company sub-domain (the session start reads it). */
const web = {
  root: './apps/web',
  environment: 'happy-dom' as const,
  environmentOptions: { happyDOM: { url: 'http://acme.localhost:3000/admin/' } },
  setupFiles: ['./src/test/setup.ts'],
  // Typing through user-event in happy-dom is slow on a shared 2-core machine.
  testTimeout: 30_000,
};
/**
 * Web test files that need modules of their own: they mock a module the others import for real
 * (the toast chunk), or read what a module does the first time it is imported.
 */
const WEB_ISOLATED = ['src/lib/notify.test.tsx', 'src/features/auth/login-screen.test.tsx'];

export default defineConfig({
  test: {
    // Vitest leaves a core to itself by default (one worker on a 2-core machine); its main process
    // is mostly idle here, so two workers take the PGlite tier from ~380 s to ~250 s.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: {
          // The repository's own checks (scripts/*.mjs) over fixture trees.
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite runs one query at a time per instance; files run in parallel workers.
          pool: 'forks',
          isolate: process.env.VITEST_ISOLATE === '1',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          ...web,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_ISOLATED,
          // The files share their worker's modules (React, Mantine, the screens): importing them
          // again for every file was half of this project's time (224 of 433 s of import and 88 s
          // of setup in one CI run). What a file leaves behind is reset after each test (setup.ts).
          isolate: process.env.VITEST_ISOLATE === '1',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { ...web, name: 'web-isolated', include: WEB_ISOLATED },
      },
    ],
  },
});
