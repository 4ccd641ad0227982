/**
 * One run of ours for a row of the generation bench (bench/generate.ts), in its own Node process:
 * `node dist/bench/generate-child.js '<RunSpec as JSON>'` prints the run (CPU and wall per puzzle,
 * grading CPU, grades, shape) as one JSON line. A fresh process per run because a run's mean moves
 * more between processes (V8's compiling decisions) than between runs inside one; the bench takes
 * the median of three. The V8 settings are the CLI's (bin/v8-tuning.js), set before anything heavy
 * compiles, as bench/run.ts and bin/gridsat.js do.
 */
import { createRequire } from 'node:module';
import type { RunSpec } from './generate.js';

const tuning = createRequire(import.meta.url)('../../bin/v8-tuning.js') as { tuneV8(argv: string[]): void };
tuning.tuneV8(['bench']);
const { ourRun } = await import('./generate.js');
const spec = process.argv[2];
if (!spec) throw new Error("usage: generate-child.js '<RunSpec as JSON>'");
process.stdout.write(`${JSON.stringify(ourRun(JSON.parse(spec) as RunSpec))}\n`);
