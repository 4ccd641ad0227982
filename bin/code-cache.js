// Loads the bundled CLI with V8's code cache: compiling the ~400 KB bundle is about a sixth of a
// cold start, and a cached compile is nearly free. Node 20 has no built-in compile cache for
// CommonJS (module.enableCompileCache arrived in Node 22), and this is one file, so we keep it
// here rather than add a dependency. The cache sits next to the bundle, one file per bundle, Node
// version and architecture (V8 refuses a cache from another V8; then we compile as usual and
// write a new one). Nothing here may fail a run: an unreadable or unwritable cache only costs time.
'use strict';
const { readFileSync, writeFileSync, renameSync, unlinkSync, statSync } = require('node:fs');
const { dirname } = require('node:path');
const Module = require('node:module');
const vm = require('node:vm');

// V8 checks a cache against the source's length, not its text, so the name also carries the
// bundle's size and modification time: a rebuilt bundle never meets the cache of an older one.
// (`npm run build` deletes the old caches.)
function cachePathFor(file) {
  const { size, mtimeMs } = statSync(file);
  return `${file}.${process.version}-${process.arch}-${size}-${Math.trunc(mtimeMs)}.v8cache`;
}

/**
 * Runs a CommonJS file as `require` would, compiled with its V8 code cache when one is there.
 * Returns its exports, whether V8 took the cache (usedCache), and saveCache(), which writes a fresh cache if there was none or V8 rejected
 * it; call saveCache after the work, so the cache includes the functions the work compiled.
 */
function loadWithCodeCache(file) {
  const cachePath = cachePathFor(file);
  let cachedData;
  try { cachedData = readFileSync(cachePath); } catch { cachedData = undefined; }
  const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {
    filename: file,
    cachedData,
  });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(dirname(file));
  mod.loaded = true;
  // A script compiled from a code cache loses its dynamic-import callback on Node 20 (import()
  // throws "A dynamic import callback was not specified"), so the bundle imports ES-only packages
  // (vega, for compare's charts) through this module, whose import() is Node's own.
  mod.gridsatImport = (specifier) => import(specifier);
  script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, dirname(file));
  const stale = cachedData === undefined || script.cachedDataRejected === true;
  return {
    exports: mod.exports,
    usedCache: !stale,
    saveCache() {
      if (!stale) return;
      // Write beside, then rename: a concurrent run reads either no cache or a whole one.
      const tmp = `${cachePath}.${process.pid}.tmp`;
      try {
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, cachePath);
      } catch {
        try { unlinkSync(tmp); } catch { /* nothing was written */ }
      }
    },
  };
}

module.exports = { loadWithCodeCache, cachePathFor };
