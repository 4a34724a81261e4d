// `npm run new-area -- <plural> <singular>` (e.g. `gadgets gadget`): writes a complete, working area in
// the shape of the teams area — shared schema, table and migration with its row-level-security
// policy, repository, service, routes, permission subject, authorization-matrix file, screens, menu
// entry, strings in five languages and tests — then regenerates the OpenAPI document. Right after it,
// typecheck, lint, the migrations check and the new tests pass; it prints what is left to a person.
// scripts/test-generator.mjs proves that on a throw-away copy of the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { namesOf } from './new-area/names.mjs';
import * as server from './new-area/server.mjs';
import * as web from './new-area/web.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LANGS = ['en', 'de', 'fr', 'pt', 'ar'];

function fail(message) {
  console.error(`new-area: ${message}`);
  console.error('usage: npm run new-area -- <plural> <singular>   (e.g. npm run new-area -- gadgets gadget)');
  process.exit(1);
}

let n;
try {
  n = namesOf(process.argv[2], process.argv[3]);
} catch (e) {
  fail(e.message);
}
const texts = web.strings(n);
n.en = texts.en.area;

const at = (rel) => join(root, rel);
const read = (rel) => readFileSync(at(rel), 'utf8');
const touched = [];

const files = {
  [`packages/shared/src/schemas/${n.p}.ts`]: server.sharedSchema(n),
  [`apps/server/src/db/schema/${n.p}.ts`]: server.dbSchema(n),
  [`apps/server/src/modules/${n.p}/${n.p}.repository.ts`]: server.repository(n),
  [`apps/server/src/modules/${n.p}/${n.p}.service.ts`]: server.service(n),
  [`apps/server/src/modules/${n.p}/${n.p}.routes.ts`]: server.routes(n),
  [`apps/server/src/modules/${n.p}/${n.p}.test.ts`]: server.apiTest(n),
  [`apps/server/src/modules/${n.p}/${n.p}.matrix.test.ts`]: server.matrixTest(n),
  [`apps/web/src/features/${n.p}/api/get-${n.p}.ts`]: web.apiList(n),
  [`apps/web/src/features/${n.p}/api/create-${n.s}.ts`]: web.apiCreate(n),
  [`apps/web/src/features/${n.p}/api/update-${n.s}.ts`]: web.apiUpdate(n),
  [`apps/web/src/features/${n.p}/api/delete-${n.s}.ts`]: web.apiDelete(n),
  [`apps/web/src/features/${n.p}/components/${n.s}-form-dialog.tsx`]: web.formDialog(n),
  [`apps/web/src/features/${n.p}/${n.p}-screen.tsx`]: web.screen(n),
  [`apps/web/src/features/${n.p}/${n.p}-screen.test.tsx`]: web.screenTest(n),
};

// Refuse before writing anything: an area of that name, or anything it would overwrite, exists.
for (const rel of [`apps/server/src/modules/${n.p}`, `apps/web/src/features/${n.p}`, ...Object.keys(files)]) {
  if (existsSync(at(rel))) fail(`${rel} exists already`);
}
if (new RegExp(`'${n.subject}'`).test(read('packages/shared/src/permissions.ts'))) {
  fail(`the permission subject '${n.subject}' exists already`);
}
if (read('apps/server/src/db/schema/index.ts').includes(`'./${n.p}'`)) fail(`the table ${n.table} exists already`);

/** Puts `text` just above the `// new-area: <marker>` line of a file, indented like the marker. */
function insertAt(rel, marker, text) {
  const src = read(rel);
  const m = src.match(new RegExp(`^([ \\t]*)// new-area: ${marker}$`, 'm'));
  if (!m) fail(`${rel} has no "// new-area: ${marker}" line to insert at`);
  const indent = m[1];
  const block = text
    .split('\n')
    .map((line) => (line ? indent + line : line))
    .join('\n');
  writeFileSync(at(rel), src.replace(m[0], `${block}\n${m[0]}`));
  touched.push(rel);
}

for (const [rel, text] of Object.entries(files)) {
  mkdirSync(dirname(at(rel)), { recursive: true });
  writeFileSync(at(rel), text);
  touched.push(rel);
}

insertAt('packages/shared/src/permissions.ts', 'subjects', `'${n.subject}',`);
insertAt('packages/shared/src/audit.ts', 'audit actions', `'${n.sc}.create', '${n.sc}.update', '${n.sc}.delete',`);
insertAt('packages/shared/src/audit.ts', 'audit targets', `'${n.sc}',`);
writeFileSync(
  at('apps/server/src/db/schema/index.ts'),
  `${read('apps/server/src/db/schema/index.ts')}export * from './${n.p}';\n`,
);
touched.push('apps/server/src/db/schema/index.ts');
insertAt('apps/server/src/modules/admin.ts', 'imports', `import ${n.pc}Routes from './${n.p}/${n.p}.routes';`);
insertAt('apps/server/src/modules/admin.ts', 'register', `await app.register(${n.pc}Routes);`);
insertAt('apps/server/src/test/matrix-areas.ts', 'matrix prefixes', `'/api/${n.p}',`);
insertAt(
  'apps/web/src/app/router.tsx',
  'screens',
  `const ${n.P}Screen = preloadable(() => import('../features/${n.p}/${n.p}-screen'));`,
);
insertAt(
  'apps/web/src/app/router.tsx',
  'routes',
  `{\n  element: <Allow subject="${n.subject}" />,\n  children: [{ path: '${n.p}', element: <${n.P}Screen /> }],\n},`,
);
const nav = 'apps/web/src/app/navigation.ts';
if (!/\bIconBox\b/.test(read(nav))) {
  writeFileSync(
    at(nav),
    read(nav).replace("} from '@tabler/icons-react';", "  IconBox,\n} from '@tabler/icons-react';"),
  );
}
insertAt(
  nav,
  'menu',
  `{ path: '/${n.p}', labelKey: 'admin:nav.${n.pc}', icon: IconBox, can: ['read', '${n.subject}'] },`,
);

for (const lang of LANGS) {
  const rel = `apps/web/src/locales/admin/${lang}.json`;
  const catalog = JSON.parse(read(rel));
  catalog.nav = { ...catalog.nav, [n.pc]: texts[lang].nav };
  catalog[n.pc] = texts[lang].area;
  // The audit log says each of the area's writes as a sentence (English until translated).
  const A = '<actor>{{actor}}</actor>';
  const T = '<target>{{target}}</target>';
  catalog.audit.sentence[n.sc] = {
    create: `${A} created the ${n.words} ${T}`,
    update: `${A} changed the ${n.words} ${T}`,
    delete: `${A} deleted the ${n.words} ${T}`,
  };
  writeFileSync(at(rel), `${JSON.stringify(catalog, null, 2)}\n`);
  touched.push(rel);
  const vrel = `apps/web/src/locales/values/${lang}.json`;
  const values = JSON.parse(read(vrel));
  values.action[n.sc] = { create: `${n.words} created`, update: `${n.words} changed`, delete: `${n.words} deleted` };
  values.target[n.sc] = n.words;
  writeFileSync(at(vrel), `${JSON.stringify(values, null, 2)}\n`);
  touched.push(vrel);
}

// The migration: generated from the schema by drizzle-kit, then the tenant policy appended.
const journalPath = 'apps/server/src/db/migrations/meta/_journal.json';
const before = JSON.parse(read(journalPath)).entries.length;
execFileSync(
  at('node_modules/.bin/drizzle-kit'),
  ['generate', '--config', 'apps/server/drizzle.config.ts', '--name', n.table],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
const entries = JSON.parse(read(journalPath)).entries;
if (entries.length !== before + 1) fail('drizzle-kit generated no migration');
const migration = `apps/server/src/db/migrations/${entries.at(-1).tag}.sql`;
writeFileSync(at(migration), read(migration).trimEnd() + server.rlsSql(n));

const biome = (args) => execFileSync('node', ['scripts/biome.mjs', ...args], { cwd: root, stdio: 'ignore' });
try {
  biome(['check', '--write', ...touched]);
} catch {
  // What biome cannot fix itself shows in `npm run lint`.
}
execFileSync('node', ['--import', 'tsx', 'apps/server/src/scripts/openapi.ts'], { cwd: root, stdio: 'ignore' });

console.log(`new-area: ${n.words} written (${touched.length} files, migration ${migration}, OpenAPI regenerated).

Left to a person (docs/adding-an-area.md has each step):
  1. Real fields: replace name/description in packages/shared/src/schemas/${n.p}.ts and
     apps/server/src/db/schema/${n.p}.ts, then delete ${migration} and its snapshot, run
     \`npm run db:generate -- --name ${n.table}\` and append the policy again (the block at its end).
  2. Rules: apps/server/src/modules/${n.p}/${n.p}.service.ts (who may do what beyond read/write, what
     else changes in the same transaction); error codes in packages/shared/src/error-codes.ts, messages in error-catalog/<lang>.ts.
  3. Strings: translate the ${n.words} words in apps/web/src/locales/admin/{de,fr,pt,ar}.json (key "${n.pc}").
  4. Screens: apps/web/src/features/${n.p}/ (columns, form fields, a detail screen if needed); menu icon
     in apps/web/src/app/navigation.ts.
  5. Tests: extend ${n.p}.test.ts and ${n.p}.matrix.test.ts with the area's own rules; add a Playwright
     spec with axe in en and ar; a demo row in apps/server/src/db/seed/ if the demo should show it.
  6. Check: npm run typecheck && npm run lint && npm run db:check && npx vitest run apps/server/src/modules/${n.p} apps/web/src/features/${n.p}`);
