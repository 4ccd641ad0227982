#!/usr/bin/env node
import { main } from '../dist/src/cli/main.js';

// A closed pipe (`gridsat solve … | head`) ends the run quietly, as Unix tools do.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(`gridsat: ${err instanceof Error ? err.stack ?? err.message : String(err)}`); process.exitCode = 2; },
);
