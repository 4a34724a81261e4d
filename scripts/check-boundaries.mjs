// Import boundaries that the linter cannot express (ENGINEERING.md, convention 7):
// - packages/shared imports no Node or DOM API and nothing from the apps;
// - a web feature never imports another feature, and features have no barrel files;
// - nothing in apps/web/src/features or components calls fetch directly (the api client does).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const problems = [];
const walk = (dir, out = []) => {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
};
const importsOf = (src) => [...src.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);

for (const file of walk(join(root, 'packages/shared/src'))) {
  const src = readFileSync(file, 'utf8');
  for (const spec of importsOf(src)) {
    if (
      spec.startsWith('node:') ||
      spec.startsWith('@wac/server') ||
      spec.startsWith('@wac/web') ||
      ['fs', 'path', 'crypto', 'react'].includes(spec)
    ) {
      problems.push(`${relative(root, file)} imports ${spec} (shared must stay isomorphic)`);
    }
  }
  if (/\b(window|document|localStorage|process)\./.test(src.replace(/\/\/.*$/gm, ''))) {
    problems.push(`${relative(root, file)} uses a DOM or Node global (shared must stay isomorphic)`);
  }
}

const featuresDir = join(root, 'apps/web/src/features');
let features = [];
try {
  features = readdirSync(featuresDir).filter((f) => statSync(join(featuresDir, f)).isDirectory());
} catch {}
for (const feature of features) {
  for (const file of walk(join(featuresDir, feature))) {
    const rel = relative(root, file);
    if (/\/index\.tsx?$/.test(file)) problems.push(`${rel} is a barrel file inside a feature`);
    const src = readFileSync(file, 'utf8');
    for (const spec of importsOf(src)) {
      const m = spec.match(/features\/([^/]+)/);
      if (m && m[1] !== feature) problems.push(`${rel} imports another feature (${spec})`);
    }
    if (/\bfetch\(/.test(src)) problems.push(`${rel} calls fetch directly (use the api client)`);
  }
}

if (problems.length) {
  console.error(`Import boundaries broken:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('import boundaries: ok');
