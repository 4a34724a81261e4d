import type { ReadinessChecks } from '@wac/shared/schemas/health';
import type { Database } from '../../db/client';
import type { Bus } from '../../lib/bus';
import type { JobRunner } from '../../lib/jobs/runner';
import { pingDatabase } from './health.repository';

const CHECK_TIMEOUT_MS = 2000;

/** A dependency that answers neither yes nor no within the timeout counts as down. */
async function probe(check: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export interface ReadinessDeps {
  db: Database;
  bus: Bus;
  jobs: JobRunner;
  jobsEnabled: boolean;
}

/** Whether this process can serve: its database answers, Redis answers when configured, its job runner runs. */
export async function checkReadiness(deps: ReadinessDeps): Promise<{ ready: boolean; checks: ReadinessChecks }> {
  const [database, redis] = await Promise.all([
    probe(() => pingDatabase(deps.db)),
    deps.bus.kind === 'redis' && deps.bus.ping
      ? probe(() => deps.bus.ping!())
      : Promise.resolve('not configured' as const),
  ]);
  const jobs = !deps.jobsEnabled ? 'disabled' : deps.jobs.status().healthy ? 'ok' : 'down';
  const checks = { database, redis, jobs } as const;
  return { ready: Object.values(checks).every((c) => c !== 'down'), checks };
}
