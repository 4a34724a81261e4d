// The newest modification time (ms) of the files under `dir`, tests aside: `npm start` rebuilds what
// is older than its sources.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (!/\.test\.tsx?$/.test(e.name)) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}
