// The CLI as one file (dist/gridsat.cjs): Node then reads and compiles one script instead of about
// a hundred ES modules, which is most of gridsat's start-up. CommonJS, because Node builds an ES
// module facade for every builtin an ES module imports (node:fs's reads its lazy getters and loads
// the stream modules); require() does not. The worker and the library stay as tsc emits them.
// Heavy parts a command needs only sometimes stay outside and are loaded when used: logic-solver's
// asm.js MiniSat (minisat-js) and vega/vega-lite (compare's chart).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/cli/run.ts'],
  outfile: 'dist/gridsat.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['logic-solver', 'logic-solver/*', 'vega', 'vega-lite'],
  // import.meta.url (package root lookup, createRequire) is this file's URL.
  define: { 'import.meta.url': '__gridsatModuleUrl' },
  banner: { js: "const __gridsatModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  alias: { assert: './scripts/assert-shim.cjs' },
  minify: process.env.GRIDSAT_BUNDLE_READABLE !== '1',
  logLevel: 'warning',
});
