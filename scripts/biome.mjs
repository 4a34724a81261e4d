// Runs Biome's native binary. The project depends on the Linux x64 build directly: the npm
// registry reachable here serves no other platform's build, so the `@biomejs/biome` wrapper's
// optional dependencies cannot all be locked and `npm ci` would refuse the lockfile.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const dir = dirname(require.resolve('@biomejs/cli-linux-x64/package.json'));
const res = spawnSync(join(dir, 'biome'), process.argv.slice(2), { stdio: 'inherit' });
process.exit(res.status ?? 1);
