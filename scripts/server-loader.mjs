// apps/server/dist/server.js, copied there by scripts/build-server.mjs: runs the server bundle
// (server-main.cjs) through a V8 code cache, so a start skips parsing and compiling the functions
// the previous start compiled. The cache (server-main.cjs.v8cache) is written by the first start
// after a build, as soon as the server listens; V8 refuses a cache made by another Node version or
// for another bundle (the loader then compiles as usual and writes a new one). Where the folder is
// read-only the server runs the same, only without the cache.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';

// V8 accepts a code cache only under the flags it was made with. The server sets this flag as it
// starts (server.ts, tuneWasmForServer: WASM_TIERING_BUDGET in db/embedded.ts), after the bundle is
// compiled and before the cache is written; set here first, the cache is made and checked under the
// same flags (else every start would reject it and write it again). db/embedded-tuning.test.ts keeps
// the two equal.
setFlagsFromString('--wasm-tiering-budget=18000000');

const file = new URL('./server-main.cjs', import.meta.url).pathname;
const cacheFile = `${file}.v8cache`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // none yet: this start writes it
}
const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {
  filename: file,
  cachedData,
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
if (!cachedData || script.cachedDataRejected) {
  process.once('wac:listening', () =>
    setImmediate(() => {
      const tmp = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, cacheFile);
      } catch {
        // a read-only install: no cache, same server
      }
    }),
  );
}
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
