#!/usr/bin/env node
// Builds the web page (src/web/page/) into one self-contained folder, web-dist/ by default:
// index.html, style.css, main.js, worker.js and engine.wasm (+ engine.js, the same engine for pages
// opened from file://). Any static host serves it as is, and it works opened as a file.
//
// The worker bundles the CLI's own pipeline. Two modules have browser stand-ins, swapped here the
// way a package.json "browser" map would: src/sat/engine-file.ts (reads engine.wasm with node:fs;
// the page compiles it from its URL and calls provideEngine) and src/sat/host-engines.ts
// (logic-solver and native solvers). Any other node:* import that reaches the bundle fails the
// build, except node:fs/node:path in src/formats/inputs.ts, used only by readInputs (files and
// directories): they resolve to an empty stand-in, and the build fails if any of it is left in the
// output after tree shaking.
//
// Usage: node scripts/build-web.mjs [--out DIR]
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = resolve(outIndex > 0 ? process.argv[outIndex + 1] : join(root, 'web-dist'));
const page = join(root, 'src', 'web', 'page');

/** Node modules with a browser stand-in beside them (`x.ts` → `x.browser.ts`). */
const SWAPPED = ['src/sat/engine-file.ts', 'src/sat/host-engines.ts'];
/** Modules whose node:* imports serve only code the page never calls (tree shaking drops it). */
const UNUSED_NODE_IMPORTS = ['src/formats/inputs.ts'];
const STUB = 'gridsat-node-stub';

const browserSeams = {
  name: 'gridsat-browser-seams',
  setup(b) {
    b.onResolve({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith('.')) return undefined;
      const target = relative(root, resolve(args.resolveDir, args.path)).replace(/\.js$/, '.ts');
      if (!SWAPPED.includes(target)) return undefined;
      return { path: join(root, target.replace(/\.ts$/, '.browser.ts')) };
    });
    b.onResolve({ filter: /^node:/ }, (args) => {
      const from = relative(root, args.importer);
      if (UNUSED_NODE_IMPORTS.includes(from)) return { path: args.path, namespace: STUB };
      return { errors: [{ text: `${from} imports ${args.path}, which a web page does not have: give it a browser stand-in (scripts/build-web.mjs)` }] };
    });
    b.onLoad({ filter: /.*/, namespace: STUB }, (args) => {
      const unavailable = `() => { throw new Error(${JSON.stringify(`${args.path} is not available in the browser`)}); }`;
      const names = ['readdirSync', 'readFileSync', 'statSync', 'existsSync', 'join', 'dirname', 'resolve', 'basename'];
      return { contents: names.map((n) => `export const ${n} = ${unavailable};`).join('\n'), loader: 'js' };
    });
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  entryPoints: { main: join(page, 'main.ts'), worker: join(page, 'worker.ts') },
  outdir: out,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  sourcemap: false,
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [browserSeams],
});

const leftovers = Object.entries(result.metafile.outputs).flatMap(([file, o]) =>
  Object.entries(o.inputs).filter(([input, i]) => input.startsWith(`${STUB}:`) && i.bytesInOutput > 0).map(([input]) => `${file}: ${input}`));
if (leftovers.length > 0) {
  console.error(`build-web: Node-only code reached the page bundle:\n  ${leftovers.join('\n  ')}`);
  process.exit(1);
}

for (const name of ['index.html', 'style.css']) copyFileSync(join(page, name), join(out, name));
const wasm = readFileSync(join(root, 'src', 'sat', 'engine', 'engine.wasm'));
writeFileSync(join(out, 'engine.wasm'), wasm);

// From file:// a page may neither fetch nor start a worker from a file URL, but it may load scripts
// (main.ts): worker.js, loaded that way, hands its code over (the page starts it from a blob URL)
// instead of running, and engine.js carries engine.wasm as base64. Both note when they began to
// run, for the page's timing breakdown.
const workerFile = join(out, 'worker.js');
const bundled = readFileSync(workerFile, 'utf8');
writeFileSync(workerFile, 'self.gridsatScriptStart=performance.timeOrigin+performance.now();\n'
  + `(function(run){typeof WorkerGlobalScope<"u"?run():self.gridsatWorker=run})(function(){${bundled}});\n`);
writeFileSync(join(out, 'engine.js'), `self.gridsatEngine=${JSON.stringify(wasm.toString('base64'))};\n`);

const sizes = ['index.html', 'style.css', 'main.js', 'worker.js', 'engine.wasm', 'engine.js'].map((n) => `${n} ${(statSync(join(out, n)).size / 1024).toFixed(1)} KB`);
console.log(`build-web: ${relative(process.cwd(), out) || '.'}/ (${sizes.join(', ')})`);
