// Type-checks every workspace that has a tsconfig.json. The server and the benchmarks share their
// compiler options and most of their files (a bench imports the server's modules): one program
// (tsconfig.node.json) checks both, each file once, rather than the server's files twice.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const projects = ['packages/shared', 'tsconfig.node.json', 'apps/web', 'e2e'].filter((p) =>
  existsSync(p.endsWith('.json') ? join(root, p) : join(root, p, 'tsconfig.json')),
);
// Incremental: each program keeps what it checked in node_modules/.cache/tsc (never committed), so
// a second check of the same tree (the area generator's copy: scripts/test-generator.mjs) checks
// again only the files that changed and those that depend on them. The diagnostics are the same.
const cache = join(root, 'node_modules/.cache/tsc');
let failed = false;
for (const p of projects) {
  const info = join(cache, `${p.replaceAll('/', '_')}.tsbuildinfo`);
  const r = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', p, '--incremental', '--tsBuildInfoFile', info], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) failed = true;
  else console.log(`typecheck ${p}: ok`);
}
process.exit(failed ? 1 : 0);
