// `npm run stats:rebuild`: recomputes the Stats aggregates (stats_member_days) of every company from
// the raw attendance entries, one company per transaction. Safe to run at any time.
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createCtx } from '../lib/context';
import { rebuildAll } from '../modules/stats/stats.service';

const config = { ...loadConfig(), logLevel: 'silent' };
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await db.migrate();
const app = await buildApp({ config, db });
const r = await rebuildAll(createCtx(app));
await app.close();
await db.close();
console.log(`stats rebuilt: ${r.companies} companies, ${r.memberDays} member-days`);
