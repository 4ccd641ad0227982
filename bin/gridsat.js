#!/usr/bin/env node
// CommonJS (bin/package.json says so): an ES module entry would start Node's ES module loader,
// and every builtin an ES module imports gets a costly facade. Both are most of a cold start.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { loadWithCodeCache } = require('./code-cache.js');

// Before anything compiles: see v8-tuning.js.
require('./v8-tuning.js').tuneV8(process.argv.slice(2));

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
