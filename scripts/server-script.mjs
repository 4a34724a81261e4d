// Runs one compiled server entry (server, migrate, backup, restore) from apps/server/dist:
// `node scripts/server-script.mjs backup FILE`. In a checkout with dev dependencies it first
// recompiles when a source file (tests aside) is newer than the build (about half a second); an install made
// with `npm ci --omit=dev` runs what `npm run build` left.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const [name, ...args] = process.argv.slice(2);
const entry = join(root, 'apps/server/dist', `${name}.js`);

const canBuild = existsSync(join(root, 'node_modules/esbuild'));
// newest.mjs is a checkout's file: a production install (server-script.mjs alone) never loads it.
const stale = async () => {
  if (!existsSync(entry)) return true;
  const { newest } = await import('./newest.mjs');
  const sources = Math.max(newest(join(root, 'apps/server/src')), newest(join(root, 'packages/shared/src')));
  return sources > statSync(entry).mtimeMs;
};
if (canBuild && (await stale())) {
  const res = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
if (!existsSync(entry)) {
  console.error(`${entry} is missing: run \`npm run build\` (with dev dependencies) first.`);
  process.exit(1);
}
process.argv = [process.argv[0], entry, ...args];
await import(entry);
