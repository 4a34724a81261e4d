// `npm run stats:rebuild`: recomputes the Stats aggregates (stats_member_days) of every company from
// the raw attendance entries and approved time off, company by company in batches of days (one
// transaction each, about 100,000 member-days: a batch may take longer than a request, so the pool's
// query timeout is raised), and the policy tracking counters (policy_assignees, policy_counts,
// policy_due_counts) from the audiences and acknowledgements, one company per transaction. Safe to
// run at any time.
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createCtx } from '../lib/context';
import { rebuildAll as rebuildPolicyTracking } from '../modules/policies/tracking.service';
import { rebuildAll } from '../modules/stats/stats.service';

const config = { ...loadConfig(), logLevel: 'silent' };
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, queryTimeoutMs: 600_000 });
await db.migrate();
const app = await buildApp({ config, db });
const r = await rebuildAll(createCtx(app));
const p = await rebuildPolicyTracking(createCtx(app));
await app.close();
await db.close();
console.log(`stats rebuilt: ${r.companies} companies, ${r.memberDays} member-days`);
console.log(`policy tracking rebuilt: ${p.companies} companies, ${p.policies} policies`);
