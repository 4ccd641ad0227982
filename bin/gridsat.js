#!/usr/bin/env node
import { main } from '../dist/src/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(`gridsat: ${err instanceof Error ? err.stack ?? err.message : String(err)}`); process.exitCode = 2; },
);
