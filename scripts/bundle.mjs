// The CLI as one file (dist/gridsat.cjs): Node then reads and compiles one script instead of about
// a hundred ES modules, which is most of gridsat's start-up. CommonJS, because Node builds an ES
// module facade for every builtin an ES module imports (node:fs's reads its lazy getters and loads
// the stream modules); require() does not. The worker and the library stay as tsc emits them.
// Heavy parts a command needs only sometimes stay outside and are loaded when used: logic-solver's
// asm.js MiniSat (minisat-js) and vega/vega-lite (compare's chart).
import { build } from 'esbuild';

// Builtins most commands never touch, loaded on first use instead of at start-up (child_process
// alone pulls in net and dgram). Each lists the names the bundled code imports from it.
const LAZY_BUILTINS = {
  child_process: { functions: ['spawnSync'] },
  worker_threads: { classes: ['Worker'] },
  zlib: { functions: ['gunzipSync'] },
  'fs/promises': { functions: ['readFile'] },
  readline: { functions: ['cursorTo', 'moveCursor', 'clearLine', 'clearScreenDown'] },
  // The bundled code only calls performance.now(); Node's global `performance` loads perf_hooks
  // the first time it is read, so it is read on the first call.
  perf_hooks: { objects: { performance: '{ now: () => globalThis.performance.now() }' } },
};

const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    const filter = new RegExp(`^(node:)?(${Object.keys(LAZY_BUILTINS).map((n) => n.replace('/', '\\/')).join('|')})$`);
    b.onResolve({ filter }, (args) => (args.namespace === 'lazy-builtin'
      ? { path: args.path, external: true }
      : { path: args.path.replace(/^node:/, ''), namespace: 'lazy-builtin' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => {
      const spec = LAZY_BUILTINS[args.path];
      const load = `require('node:${args.path}')`;
      const lines = [
        ...(spec.functions ?? []).map((f) => `export function ${f}(...a) { return ${load}.${f}(...a); }`),
        ...(spec.classes ?? []).map((c) => `export function ${c}(...a) { return new (${load}.${c})(...a); }`),
        ...Object.entries(spec.objects ?? {}).map(([name, value]) => `export const ${name} = ${value};`),
      ];
      return { contents: lines.join('\n'), loader: 'js', resolveDir: process.cwd() };
    });
  },
};

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
  plugins: [lazyBuiltins],
  minify: process.env.GRIDSAT_BUNDLE_READABLE !== '1',
  logLevel: 'warning',
});
