// Writes the OpenAPI document generated from the route schemas to apps/server/openapi.json;
// with --check, fails when the committed document differs from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase } from '../db/client';

const file = new URL('../../openapi.json', import.meta.url).pathname;
const db = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({ config: testConfig(), db });
await app.ready();
const doc = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await db.close();

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {}
  if (committed !== doc) {
    console.error('apps/server/openapi.json is out of date with the routes: run `npm run openapi` and commit.');
    process.exit(1);
  }
  console.log('openapi: committed document matches the routes');
} else {
  writeFileSync(file, doc);
  console.log(`wrote ${file}`);
}
