// `npm run seed`: the demo seed, explicitly (with DATABASE_URL it never runs by itself). Idempotent.
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed/demo';

const config = { ...loadConfig(), logLevel: 'silent' };
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await db.migrate();
const app = await buildApp({ config, db });
const demo = await seedDemo(app);
await app.close();
await db.close();
console.log(`demo seeded; logins (password Demo1234): ${demo.logins.map((l) => l.email).join(', ')}`);
