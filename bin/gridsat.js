#!/usr/bin/env node
import { createRequire } from 'node:module';

// require, not ES imports: Node gives every builtin an ES module imports a costly facade.
const require = createRequire(import.meta.url);
const { existsSync } = require('node:fs');
const bundle = new URL('../dist/gridsat.cjs', import.meta.url);
// One bundled file when `npm run build` made it (fast start-up), else the modules tsc emitted.
const { main } = existsSync(bundle) ? require(bundle.pathname) : await import('../dist/src/cli/main.js');

// A closed pipe (`gridsat solve … | head`) ends the run quietly, as Unix tools do.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(`gridsat: ${err instanceof Error ? err.stack ?? err.message : String(err)}`); process.exitCode = 2; },
);
