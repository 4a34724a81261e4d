// `npm start`: builds the console if it is missing and the server if its sources changed, then
// runs the compiled server in this process (embedded database, demo seed, printed URLs unless
// configured otherwise).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(`${root}apps/web/dist/index.html`) && existsSync(`${root}apps/web/index.html`)) {
  console.log('Building the console (first start only)…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
process.argv.splice(2, 0, 'server');
await import('./server-script.mjs');
