/**
 * A job runner alone in its own process, for the tests that kill it: it claims `test.hang` jobs,
 * prints `claimed <id>` for each, and never finishes them.
 * Usage: DATABASE_URL=… LEASE_MS=… node --import tsx apps/server/src/test/job-worker.ts
 */
import { openDatabase } from '../db/client';
import { createJobRunner } from '../lib/jobs/runner';

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
const runner = createJobRunner({ db, pollMs: 50, leaseMs: Number(process.env.LEASE_MS ?? 1000), workerId: 'child' });
runner.register({
  type: 'test.hang',
  run: async (job) => {
    process.stdout.write(`claimed ${job.id}\n`);
    await new Promise(() => {});
  },
});
runner.start();
process.stdout.write('ready\n');
