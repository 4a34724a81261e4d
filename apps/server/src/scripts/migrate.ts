// `npm run migrate`: applies the committed migrations to DATABASE_URL (or the embedded database).
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await db.migrate();
await db.close();
console.log(`migrated ${db.kind === 'pg' ? 'PostgreSQL' : config.dataDir}`);
