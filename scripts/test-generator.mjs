// `npm run test:generator`: proves `npm run new-area` on a throw-away copy of the repository. The
// copy is a git worktree of the current tree (committed or not: `git stash create` snapshots tracked
// changes, untracked files are copied) with node_modules linked entry by entry, the workspace packages pointing into the copy.
// In it: the generator for a throw-away area, then typecheck, lint, the migrations check, the
// OpenAPI check, the new area's tests, and the tests the area touches (locales, the core matrix, permissions). Nothing is left behind.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const AREA = ['gizmos', 'gizmo'];
const WORKSPACES = { shared: 'packages/shared', server: 'apps/server', web: 'apps/web', e2e: 'e2e', bench: 'bench' };

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const rev = git('stash', 'create') || 'HEAD';
const copy = join(mkdtempSync(join(tmpdir(), 'wac-generator-')), 'repo');
let failed = null;
const t0 = Date.now();

function run(name, cmd, args) {
  const t = Date.now();
  const res = spawnSync(cmd, args, { cwd: copy, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const secs = ((Date.now() - t) / 1000).toFixed(1);
  if (res.status !== 0) throw new Error(`${name} failed after ${secs}s`);
  console.log(`✔ ${name} (${secs}s)`);
}

try {
  git('worktree', 'add', '--detach', '--quiet', copy, rev);
  // New files not yet added to git come along too.
  for (const rel of git('ls-files', '--others', '--exclude-standard').split('\n').filter(Boolean)) {
    mkdirSync(dirname(join(copy, rel)), { recursive: true });
    copyFileSync(join(root, rel), join(copy, rel));
  }
  // node_modules: every package linked to the installed one, except the workspaces (and caches).
  mkdirSync(join(copy, 'node_modules/@wac'), { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry === '@wac' || entry === '.vite' || entry === '.cache') continue;
    symlinkSync(join(root, 'node_modules', entry), join(copy, 'node_modules', entry));
  }
  // What the type check of this tree kept (scripts/typecheck.mjs), when it ran: the copy's check
  // then reads again only the generated files and those that import what the generator changed.
  // Its file names are relative to where it lies; the copy's installed packages are links to this
  // tree's, which TypeScript follows to their real place: those names are written anew from the copy.
  const kept = join(root, 'node_modules/.cache/tsc');
  if (existsSync(kept)) {
    const into = join(copy, 'node_modules/.cache/tsc');
    mkdirSync(into, { recursive: true });
    for (const file of readdirSync(kept).filter((f) => f.endsWith('.tsbuildinfo'))) {
      const info = JSON.parse(readFileSync(join(kept, file), 'utf8'));
      info.fileNames = info.fileNames?.map((name) => {
        const real = resolve(kept, name);
        return real.includes('/node_modules/') ? relative(into, real) : name;
      });
      writeFileSync(join(into, file), JSON.stringify(info));
    }
  }
  for (const [name, dir] of Object.entries(WORKSPACES)) {
    symlinkSync(join(copy, dir), join(copy, 'node_modules/@wac', name));
    if (existsSync(join(root, dir, 'node_modules'))) {
      symlinkSync(join(root, dir, 'node_modules'), join(copy, dir, 'node_modules'));
    }
  }

  run('new-area', 'node', ['scripts/new-area.mjs', ...AREA]);
  run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  run('lint', 'npm', ['run', '--silent', 'lint']);
  run('migrations', 'node', ['scripts/check-migrations.mjs']);
  run('openapi', 'node', ['--import', 'tsx', 'apps/server/src/scripts/openapi.ts', '--check']);
  run('tests of the new area', join(copy, 'node_modules/.bin/vitest'), [
    'run',
    `apps/server/src/modules/${AREA[0]}`,
    `apps/web/src/features/${AREA[0]}`,
    'apps/web/src/locales',
    'apps/server/src/test/authorization-matrix.test.ts',
    'packages/shared/src/permissions.test.ts',
  ]);
} catch (e) {
  failed = e;
} finally {
  try {
    git('worktree', 'remove', '--force', copy);
  } catch {
    rmSync(copy, { recursive: true, force: true });
    git('worktree', 'prune');
  }
}
const secs = ((Date.now() - t0) / 1000).toFixed(1);
if (failed) {
  console.error(`✖ generator: ${failed.message} (${secs}s in all)`);
  process.exit(1);
}
console.log(
  `✔ generator: a fresh area passes typecheck, lint, the migrations and OpenAPI checks and its tests (${secs}s)`,
);
