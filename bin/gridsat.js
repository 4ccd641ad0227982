#!/usr/bin/env node
// CommonJS (bin/package.json says so): an ES module entry would start Node's ES module loader,
// and every builtin an ES module imports gets a costly facade. Both are most of a cold start.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { availableParallelism } = require('node:os');
const { setFlagsFromString } = require('node:v8');
const { loadWithCodeCache } = require('./code-cache.js');

// The engine's hot functions are recompiled by V8's optimizing compiler in the background while a
// solve runs, on as many threads as V8 likes (its platform has 4 workers). On a 2-core machine those
// threads took the main thread's core too: the first solve of a process ran 0.69x as long,
// geometric mean over 13 puzzle CNFs (a 25x25 Star Battle 8.7 -> 2.4 ms), with one compile thread
// left per spare core. Set before anything compiles the engine; affects only WebAssembly. A value
// given to node itself (`node --wasm-num-compilation-tasks=N bin/gridsat.js`) is left alone.
if (!process.execArgv.some((a) => a.startsWith('--wasm-num-compilation-tasks'))) {
  setFlagsFromString(`--wasm-num-compilation-tasks=${Math.max(1, availableParallelism() - 1)}`);
}

const bundle = join(__dirname, '..', 'dist', 'gridsat.cjs');
// One bundled file when `npm run build` made it (fast start-up), else the modules tsc emitted.
const loaded = existsSync(bundle)
  ? Promise.resolve(loadWithCodeCache(bundle))
  : import('../dist/src/cli/main.js').then((mod) => ({ exports: mod, saveCache() {} }));

// A closed pipe (`gridsat solve … | head`) ends the run quietly, as Unix tools do.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

loaded.then(({ exports, saveCache }) => exports.main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // After the run, so the cache also holds the functions this command compiled.
  saveCache();
})).catch((err) => {
  console.error(`gridsat: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  process.exitCode = 2;
});
