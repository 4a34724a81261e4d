// Type-checks every workspace that has a tsconfig.json.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const projects = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench'].filter((p) =>
  existsSync(join(root, p, 'tsconfig.json')),
);
let failed = false;
for (const p of projects) {
  const r = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', p], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed = true;
  else console.log(`typecheck ${p}: ok`);
}
process.exit(failed ? 1 : 0);
