// `npm run build:server`: compiles the server to plain JavaScript in apps/server/dist, so production
// runs `node apps/server/dist/server.js` with no TypeScript loader and no dev dependency.
//
// Each entry is one bundle: the sources, the workspace package @wac/shared and the pure-JavaScript
// dependencies, so a start reads a few files instead of resolving hundreds of modules (about a third
// faster to healthy than importing them from node_modules). Kept external and loaded from
// node_modules at run time (`npm ci --omit=dev --workspace=apps/server` installs them): native
// addons, PGlite (it finds its WebAssembly next to its own files), pino (its worker threads load by
// file name), and the large JSON lists read on first use.
// Files the server reads next to its code (migrations, the common-password list) are copied beside
// the bundle, where the same `new URL('./…', import.meta.url)` finds them: one file per entry, no
// shared chunks, so each bundle's import.meta.url is dist/<entry>.js.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const server = join(root, 'apps/server');
const out = join(server, 'dist');
const declared = new Set(Object.keys(JSON.parse(readFileSync(join(server, 'package.json'), 'utf8')).dependencies));
const external = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  'pino',
  'pino-pretty',
  'pg-native',
  'email-providers',
  'disposable-email-domains',
];

const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** An import of the server's own code must name a dependency of apps/server: the build fails here, not production. */
const declaredOnly = {
  name: 'declared-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.importer.includes('/node_modules/') || args.path.startsWith('node:')) return undefined;
      const name = packageOf(args.path);
      if (builtinModules.includes(name) || name === '@wac/shared' || declared.has(name)) return undefined;
      return { errors: [{ text: `${name} is imported but is not in the dependencies of apps/server/package.json` }] };
    });
  },
};

const t0 = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: {
    migrate: join(server, 'src/scripts/migrate.ts'),
    backup: join(server, 'src/scripts/backup.ts'),
    'audit-verify': join(server, 'src/scripts/audit-verify.ts'),
    restore: join(server, 'src/scripts/restore.ts'),
  },
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((d) => [d, `${d}/*`]),
  // Bundled CommonJS dependencies call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __wacRequire } from 'node:module'; const require = __wacRequire(import.meta.url);",
  },
  plugins: [declaredOnly],
  logLevel: 'warning',
  legalComments: 'none',
});
// The server itself is a CommonJS bundle run by a small loader (dist/server.js) through a V8 code
// cache: parsing and compiling 6 MB of JavaScript is most of what the bundle costs at start-up, and
// Node 20 has no built-in compile cache for modules (module.enableCompileCache is Node 22). The
// cache is written beside the bundle by the first start after a build, once the server listens,
// so it holds every function a start runs; V8 refuses a cache from another version or another
// bundle, and the loader then compiles as usual and writes a new one.
await build({
  entryPoints: { 'server-main': join(server, 'src/server.ts') },
  outdir: out,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((d) => [d, `${d}/*`]),
  // The sources find files beside themselves through import.meta.url; in CommonJS it is the file's URL.
  define: { 'import.meta.url': '__wacFileUrl' },
  banner: { js: "const __wacFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [declaredOnly],
  logLevel: 'warning',
  legalComments: 'none',
});
writeFileSync(join(out, 'server.js'), readFileSync(join(root, 'scripts/server-loader.mjs'), 'utf8'));
cpSync(join(server, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
cpSync(join(server, 'src/lib/common-passwords.txt'), join(out, 'common-passwords.txt'));
writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
console.log(`server compiled to ${out} in ${Date.now() - t0} ms`);
