// `npm start`: builds the console if it is missing, then runs the server in this process
// (embedded database, demo seed, printed URLs unless configured otherwise).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(`${root}apps/web/dist/index.html`) && existsSync(`${root}apps/web/index.html`)) {
  console.log('Building the console (first start only)…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
register();
await import('../apps/server/src/server.ts');
