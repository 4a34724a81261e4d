// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { EMBEDDED_SHARED_BUFFERS, WASM_TIERING_BUDGET } from './embedded';

/**
 * The embedded database's tuning (decision 025): a smaller buffer cache than PostgreSQL's default,
 * and V8's budget before it re-optimises a WebAssembly function (the server process's). The compiled server's loader sets
 * the same V8 flag before it compiles the bundle: its code cache is accepted only under the flags
 * it was made with, so a difference would make every start reject the cache and write it again.
 */
describe('the embedded database tuning', () => {
  it('opens PGlite with the smaller buffer cache, and its queries answer', async () => {
    const db = await openDatabase({ dataDir: 'memory://' });
    try {
      const [row] = await db.query<{ shared_buffers: string; n: number }>(
        "select current_setting('shared_buffers') as shared_buffers, 41 + 1 as n",
        [],
      );
      expect(row).toEqual({ shared_buffers: EMBEDDED_SHARED_BUFFERS, n: 42 });
    } finally {
      await db.close();
    }
  });

  it("sets the same WebAssembly tiering budget as the compiled server's loader", () => {
    const loader = readFileSync(new URL('../../../../scripts/server-loader.mjs', import.meta.url), 'utf8');
    const flags = [...loader.matchAll(/setFlagsFromString\('([^']*)'\)/g)].map((m) => m[1]);
    expect(flags).toEqual([`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`]);
  });
});
