// The layout rules that the linter cannot express. `npm run lint` runs this file; each rule has a
// test over fixture sources in check-boundaries.test.mjs.
//
// - packages/shared imports no Node or DOM API and nothing from the apps;
// - a web feature never imports another feature, has no barrel files, and never calls fetch (the api client does);
// - a server service (`*.service.ts`) never sees HTTP: no Fastify request or reply types;
// - apps/server/src/lib, plugins and db import nothing from modules/;
// - a module reaches another module only through its `*.service.ts`, never its repository or routes;
// - no import cycle anywhere in apps/ and packages/;
// - SQL (sql`…`, tx.execute, .query( ) only in repositories, db/, migrations, tests and bench;
// - a service file stays within 300 lines, any other source file within 400 (tests, bench, migrations aside).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVICE_MAX_LINES = 300;
export const SOURCE_MAX_LINES = 400;

const SERVER = 'apps/server/src/';
const isTest = (f) =>
  /\.test\.(ts|tsx|mjs)$/.test(f) || /\.test-support\.ts$/.test(f) || f.startsWith(`${SERVER}test/`);
const isExempt = (f) => isTest(f) || f.startsWith('bench/') || f.includes('/migrations/') || f.startsWith('e2e/');

/** The import specifiers of a source text (static, dynamic and re-exports). */
export const importsOf = (src) => [...src.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);

const stripComments = (src) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Resolves an import of `from` to a path among `files` (relative imports and the @wac/shared package). */
export function resolveImport(from, spec, files) {
  let base;
  if (spec.startsWith('.')) base = normalize(join(dirname(from), spec));
  else if (spec.startsWith('@wac/shared/')) base = `packages/shared/src/${spec.slice('@wac/shared/'.length)}`;
  else return null;
  const noExt = base.replace(/\.(js|mjs)$/, '');
  for (const c of [base, `${noExt}.ts`, `${noExt}.tsx`, `${noExt}.mjs`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(c)) return c;
  }
  return null;
}

const moduleOf = (f) => f.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1] ?? null;

/** Every import cycle among `files` (strongly connected components of more than one file, or a self-import). */
export function findCycles(files) {
  const edges = new Map();
  for (const [f, src] of files) {
    if (!/\.(ts|tsx|mjs)$/.test(f)) continue;
    const to = new Set();
    for (const spec of importsOf(src)) {
      const r = resolveImport(f, spec, files);
      if (r) to.add(r);
    }
    edges.set(f, to);
  }
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  for (const start of edges.keys()) {
    if (idx.has(start)) continue;
    const work = [[start, [...(edges.get(start) ?? [])], 0]];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [v, next] = frame;
      if (frame[2] < next.length) {
        const w = next[frame[2]++];
        if (!edges.has(w)) continue;
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push([w, [...(edges.get(w) ?? [])], 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(v)));
      }
      if (low.get(v) === idx.get(v)) {
        const scc = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          scc.push(w);
        } while (w !== v);
        if (scc.length > 1 || edges.get(v)?.has(v)) cycles.push(scc.sort());
      }
    }
  }
  return cycles;
}

/**
 * Checks a tree given as a Map of repository-relative path → source text; answers the problems found
 * (an empty list when every rule holds).
 */
export function checkBoundaries(files) {
  const problems = [];
  for (const [file, src] of files) {
    const imports = importsOf(src);

    if (file.startsWith('packages/shared/src/') && !isTest(file)) {
      for (const spec of imports) {
        if (
          spec.startsWith('node:') ||
          spec.startsWith('@wac/server') ||
          spec.startsWith('@wac/web') ||
          ['fs', 'path', 'crypto', 'react'].includes(spec)
        ) {
          problems.push(`${file} imports ${spec} (shared must stay isomorphic)`);
        }
      }
      if (/\b(window|document|localStorage|process)\./.test(src.replace(/\/\/.*$/gm, ''))) {
        problems.push(`${file} uses a DOM or Node global (shared must stay isomorphic)`);
      }
    }

    // Intl reads a bare "pt" as Brazilian; the console's Portuguese is European (lib/intl-locale.ts).
    if (
      file.startsWith('apps/web/src/') &&
      !isTest(file) &&
      !file.startsWith('apps/web/src/test/') &&
      /\bnew Intl\.\w+\(\s*(?!['"`]|intlLocale\()/.test(src)
    ) {
      problems.push(`${file} gives Intl a language without intlLocale() (Portuguese would format as Brazilian)`);
    }

    const feature = file.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
    if (feature) {
      if (/\/index\.tsx?$/.test(file)) problems.push(`${file} is a barrel file inside a feature`);
      for (const spec of imports) {
        const m = spec.match(/features\/([^/]+)/);
        if (m && m[1] !== feature) problems.push(`${file} imports another feature (${spec})`);
      }
      if (/\bfetch\(/.test(src)) problems.push(`${file} calls fetch directly (use the api client)`);
    }

    if (!file.startsWith(SERVER) || !/\.(ts|tsx)$/.test(file)) continue;
    const code = stripComments(src);

    if (file.endsWith('.service.ts')) {
      if (imports.includes('fastify') || /\bFastify(Request|Reply)\b/.test(code)) {
        problems.push(`${file} is a service and uses Fastify's request or reply (build a context in the route)`);
      }
    }

    const layer = file.match(/^apps\/server\/src\/(lib|plugins|db)\//)?.[1];
    const mod = moduleOf(file);
    for (const spec of imports) {
      const target = resolveImport(file, spec, files);
      if (!target) continue;
      const targetMod = moduleOf(target);
      if (layer && target.startsWith(`${SERVER}modules/`)) {
        problems.push(`${file} imports ${target}: ${layer}/ never imports modules/`);
      }
      if (mod && targetMod && targetMod !== mod && !isTest(file) && !target.endsWith('.service.ts')) {
        problems.push(`${file} imports ${target}: modules meet only through services (*.service.ts)`);
      }
    }

    if (!isExempt(file) && !file.endsWith('.repository.ts') && !file.startsWith(`${SERVER}db/`)) {
      if (/\bsql`|\btx\.execute\(|\.query\(/.test(code)) {
        problems.push(`${file} holds SQL: only repositories and db/ talk to the database`);
      }
    }
  }

  for (const [file, src] of files) {
    if (isExempt(file) || !/\.(ts|tsx|mjs)$/.test(file) || file.startsWith('scripts/')) continue;
    const lines = src.split('\n').length - (src.endsWith('\n') ? 1 : 0);
    if (file.startsWith(SERVER) && file.endsWith('.service.ts') && lines > SERVICE_MAX_LINES) {
      problems.push(`${file} has ${lines} lines: a service stays within ${SERVICE_MAX_LINES} (split it by flow)`);
    } else if (lines > SOURCE_MAX_LINES) {
      problems.push(`${file} has ${lines} lines: a source file stays within ${SOURCE_MAX_LINES}`);
    }
  }

  for (const cycle of findCycles(files)) problems.push(`import cycle: ${cycle.join(' → ')}`);
  return problems;
}

/** Reads apps/ and packages/ (sources and tests) of a repository into the Map checkBoundaries takes. */
export function readTree(root) {
  const files = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts'))
        files.set(relative(root, p), readFileSync(p, 'utf8'));
    }
  };
  for (const top of ['apps', 'packages']) walk(join(root, top));
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const problems = checkBoundaries(readTree(root));
  if (problems.length) {
    console.error(`Import boundaries broken:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('import boundaries: ok');
}
