// Fails when the Drizzle schema has changes that no committed migration holds.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const migrations = join(root, 'apps/server/src/db/migrations');
const tmp = mkdtempSync(join(tmpdir(), 'wac-drift-'));
try {
  cpSync(migrations, join(tmp, 'migrations'), { recursive: true });
  const before = readdirSync(join(tmp, 'migrations')).length;
  const config = join(tmp, 'drizzle.config.mjs');
  writeFileSync(
    config,
    `export default { dialect: 'postgresql', schema: '${join(root, 'apps/server/src/db/schema/index.ts')}', out: 'migrations' };`,
  );
  const out = execFileSync(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config], {
    cwd: tmp,
    encoding: 'utf8',
  });
  const after = readdirSync(join(tmp, 'migrations')).length;
  if (after !== before) {
    console.error(`The schema drifted from the migrations: run \`npm run db:generate\` and commit.\n${out}`);
    process.exit(1);
  }
  console.log('migrations: in step with the schema');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
