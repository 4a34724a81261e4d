import { defineConfig } from 'vitest/config';

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
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Pages run on a company sub-domain; the session start reads it from the address.
          environmentOptions: { happyDOM: { url: 'http://acme.localhost:3000/admin/' } },
          setupFiles: ['./src/test/setup.ts'],
          // Typing through user-event in happy-dom is slow on a shared 2-core machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
