import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The embedded database (PGlite): how it is opened, tuned and kept to one process. */

const LOCK_FILE = 'wac.pid';

/**
 * The embedded database's buffer cache. PostgreSQL's 128 MB default is zeroed inside the
 * WebAssembly memory at every open (about 100 ms of a 0.5 s open) and stays resident; the embedded
 * database's files are real files, so the operating system's page cache still holds what does
 * not fit here (decision 025).
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';
/**
 * How much of a WebAssembly function runs before V8 recompiles it with its optimising compiler
 * (V8's default: 1,800,000). At the default, opening PGlite and its first queries set about a
 * thousand of PostgreSQL's functions recompiling at once: seconds of CPU on the background
 * threads, and the main thread stalls while their code is installed (300 ms right after the
 * server listens, measured on 2 cores). Ten times the budget recompiles only what stays hot;
 * the same queries reach the optimised speed over the first few thousand (decision 025).
 */
export const WASM_TIERING_BUDGET = 18_000_000;

/**
 * For the server process only (server.ts, before it opens the database; the compiled server's
 * loader sets the same flag earlier, for its code cache): a long-running process, where starting
 * sooner is worth hot queries reaching the optimised code a little later. The tests and the
 * scripts keep V8's default: their databases live for seconds, mostly before the larger budget
 * would be spent (the server's PGlite test tier ran 47 % longer under it in CI).
 */
export function tuneWasmForServer(): void {
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}

/**
 * Opens PGlite on a data folder (locked to this process; `memory://` for an in-memory database),
 * with the extensions the migrations create. `unlock` releases the folder after `close`.
 */
export async function openEmbedded(
  dataDir: string,
  loadDataDir?: Blob | File,
): Promise<{ db: PGlite; unlock: () => void }> {
  const unlock = dataDir === 'memory://' ? () => undefined : lockDataDir(dataDir);
  const db = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    extensions: { pg_trgm, btree_gin },
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  }).catch((err) => {
    unlock();
    throw err;
  });
  return { db, unlock };
}

export class DataDirInUseError extends Error {}

/**
 * The embedded database is files that one process may open at a time: a second server, or a backup
 * taken beside a running server, would read or corrupt pages in flight. The owner writes its pid in
 * the folder; a live pid refuses the open with a message that names it, a dead one is taken over.
 */
const openHere = new Set<string>();

function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const inUse = (owner: number) =>
    new DataDirInUseError(
      `The embedded database in ${dataDir} is in use by process ${owner}; stop that process first (one process at a time may open it).`,
    );
  if (openHere.has(file)) throw inUse(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      openHere.add(file);
      return () => {
        openHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8'));
      // Our own pid without an open database here is a leftover (a restarted container is pid 1 again).
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw inUse(owner);
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
