// The CLI as one file (dist/gridsat.cjs): Node then reads and compiles one script instead of about
// a hundred ES modules, which is most of gridsat's start-up. CommonJS, because Node builds an ES
// module facade for every builtin an ES module imports (node:fs's reads its lazy getters and loads
// the stream modules); require() does not. The worker and the library stay as tsc emits them.
// Heavy parts a command needs only sometimes stay outside and are loaded when used: logic-solver's
// asm.js MiniSat (minisat-js) and vega/vega-lite (compare's chart).
import { readdirSync, unlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

// bin/code-cache.js keeps V8 code caches beside the bundle; those of an older bundle are useless.
for (const name of readdirSync('dist', { withFileTypes: true })) {
  if (name.isFile() && /^gridsat\.cjs\..*\.v8cache$/.test(name.name)) unlinkSync(`dist/${name.name}`);
}

// Builtins most commands never touch, loaded on first use instead of at start-up (child_process
// alone pulls in net and dgram). Each lists the names the bundled code imports from it.
const LAZY_BUILTINS = {
  child_process: { functions: ['spawnSync'] },
  worker_threads: { classes: ['Worker', 'MessageChannel'], functions: ['receiveMessageOnPort'] },
  zlib: { functions: ['gunzipSync'] },
  // Only `gridsat web` serves; http pulls in net, streams and the http agent machinery.
  http: { functions: ['createServer'] },
  os: { functions: ['tmpdir', 'availableParallelism'] },
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

// Packages whose top level is costly and which most commands never call: string-width (two
// versions, under yargs' help layout) builds an Intl.Segmenter and Unicode property regexes (the
// RGI_Emoji one alone is ~8 ms) when loaded. Each importer gets a stand-in whose default export
// loads that importer's own copy on first call; esbuild keeps a module that is require()d behind a
// lazy initialiser, so its top level runs only then.
const LAZY_PACKAGES = ['string-width'];

const lazyPackages = {
  name: 'lazy-packages',
  setup(b) {
    const filter = new RegExp(`^(${LAZY_PACKAGES.join('|')})$`);
    b.onResolve({ filter }, async (args) => {
      if (args.pluginData?.real) return undefined; // the stand-in's own import: resolve as usual
      const real = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { real: true } });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: 'lazy-package' };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (args) => ({
      // CommonJS, so both kinds of importer get the function: an ES module's default import
      // (esbuild's interop takes module.exports) and a require() (cli-progress requires
      // string-width; an ES stand-in gave it a namespace object, "not a function").
      contents: [
        'let real;',
        `module.exports = function lazy(...a) { real ??= require(${JSON.stringify(args.path)}); return (real.default ?? real)(...a); };`,
        'module.exports.default = module.exports;',
      ].join('\n'),
      loader: 'js',
      resolveDir: process.cwd(),
    }));
  },
};

// The bundle runs as a vm.Script compiled from a V8 code cache (bin/code-cache.js), and Node 20
// drops a script's dynamic-import callback when it is compiled from a cache: an import() in the
// bundle fails with "A dynamic import callback was not specified" on every run but the first. So
// the bundle's import() of a package (vega for compare's charts, ES modules only) calls
// __gridsatImport instead, which uses the loader's import (an ordinary CommonJS module, so its
// import() works) and falls back to import() when the bundle is loaded some other way.
const hostImport = {
  name: 'host-import',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      // Not `typeof import('x')`, a type; not relative imports, which esbuild bundles.
      const contents = source.replace(/(?<!typeof\s*)\bimport\((['"])([^'".][^'"]*)\1\)/g, '__gridsatImport($1$2$1)');
      return contents === source ? undefined : { contents, loader: 'ts' };
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
  banner: {
    js: [
      "const __gridsatModuleUrl = require('node:url').pathToFileURL(__filename).href;",
      "const __gridsatImport = (specifier) => (typeof module.gridsatImport === 'function' ? module.gridsatImport(specifier) : import(specifier));",
    ].join('\n'),
  },
  alias: { assert: './scripts/assert-shim.cjs' },
  plugins: [lazyBuiltins, lazyPackages, hostImport],
  minify: process.env.GRIDSAT_BUNDLE_READABLE !== '1',
  logLevel: 'warning',
});

// An import() left in the bundle would fail once the bundle runs from its code cache (above).
const leftover = /[^\w$.]import\(/.exec((await readFile('dist/gridsat.cjs', 'utf8')).replace(/^.*\n.*\n/, ''));
if (leftover) throw new Error(`dist/gridsat.cjs still calls import() (at ${leftover.index}): route it through __gridsatImport`);

// Warm bin/code-cache.js's cache with a typical command (read, encode, solve, print), so that even
// the first run after a build starts from compiled code for the common path.
const { spawnSync } = await import('node:child_process');
spawnSync(process.execPath, ['bin/gridsat.js', 'solve', 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk'], { stdio: 'ignore' });
