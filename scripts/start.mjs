// `npm start`: builds the console if it is missing or older than its sources (after a pull) and the
// server if its sources changed, then runs the compiled server in this process (embedded database,
// demo seed, printed URLs unless configured otherwise).
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { newest } from './newest.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = `${root}apps/web/dist/index.html`;
// Sources are only there in a checkout (an install from a package runs what the build left).
if (existsSync(`${root}apps/web/index.html`) && existsSync(`${root}apps/web/src`)) {
  const sources = () =>
    Math.max(
      newest(`${root}apps/web/src`),
      newest(`${root}packages/shared/src`),
      statSync(`${root}apps/web/index.html`).mtimeMs,
    );
  if (!existsSync(built)) {
    console.log('Building the console (first start only)…');
    execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  } else if (existsSync(`${root}node_modules/vite`) && sources() > statSync(built).mtimeMs) {
    console.log('Building the console (its sources changed since the last build)…');
    execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  }
}
process.argv.splice(2, 0, 'server');
await import('./server-script.mjs');
