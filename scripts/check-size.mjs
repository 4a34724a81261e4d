// Budget of the JavaScript each console screen loads (a screen must stay fast on a slow link): the entry chunk plus everything the
// screen's lazy chunks import statically, gzip-compressed, read from the Vite build manifest.
// Prints the figures; fails when a screen is over its budget. Run after `npm run build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const KB = 1024;

const SCREENS = [
  { name: 'login', budgetKb: 200, modules: ['src/features/auth/login-screen.tsx'] },
  {
    name: 'dashboard',
    budgetKb: 350,
    modules: ['src/app/layouts/app-layout.tsx', 'src/features/dashboard/dashboard-screen.tsx'],
  },
];

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k === 'index.html');
if (!entryKey) throw new Error('no entry in the Vite manifest: build apps/web first');

function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest (renamed?)`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep, files);
  return files;
}

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

let failed = false;
for (const screen of SCREENS) {
  const files = collect(entryKey);
  for (const m of screen.modules) collect(m, files);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const bytes = js.reduce((sum, f) => sum + gzipSize(f), 0);
  const kb = bytes / KB;
  const ok = kb <= screen.budgetKb;
  if (!ok) failed = true;
  console.log(
    `${ok ? '✔' : '✖'} ${screen.name.padEnd(10)} ${kb.toFixed(1).padStart(6)} KB gzip of JS in ${js.length} files (budget ${screen.budgetKb} KB)`,
  );
}
// The public company page is its own entry: only what it loads, none of the console.
const PUBLIC_PAGE = { name: 'public page', budgetKb: 10, entry: 'public-page.html' };
{
  const js = [...collect(PUBLIC_PAGE.entry)].filter((f) => f.endsWith('.js'));
  const kb = js.reduce((sum, f) => sum + gzipSize(f), 0) / KB;
  const ok = kb <= PUBLIC_PAGE.budgetKb;
  if (!ok) failed = true;
  console.log(
    `${ok ? '✔' : '✖'} ${PUBLIC_PAGE.name.padEnd(10)} ${kb.toFixed(1).padStart(6)} KB gzip of JS in ${js.length} files (budget ${PUBLIC_PAGE.budgetKb} KB)`,
  );
}
process.exit(failed ? 1 : 0);
