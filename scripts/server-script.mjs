// Runs one compiled server entry (server, migrate, backup, restore) from apps/server/dist:
// `node scripts/server-script.mjs backup FILE`. In a checkout with dev dependencies it first
// recompiles when a source file (tests aside) is newer than the build (about half a second); an install made
// with `npm ci --omit=dev` runs what `npm run build` left.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const [name, ...args] = process.argv.slice(2);
const entry = join(root, 'apps/server/dist', `${name}.js`);

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (!e.name.endsWith('.test.ts')) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

const canBuild = existsSync(join(root, 'node_modules/esbuild'));
const stale = () =>
  !existsSync(entry) ||
  Math.max(newest(join(root, 'apps/server/src')), newest(join(root, 'packages/shared/src'))) > statSync(entry).mtimeMs;
if (canBuild && stale()) {
  const res = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
if (!existsSync(entry)) {
  console.error(`${entry} is missing: run \`npm run build\` (with dev dependencies) first.`);
  process.exit(1);
}
process.argv = [process.argv[0], entry, ...args];
await import(entry);
