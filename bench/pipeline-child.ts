/**
 * The whole pipeline (encode, solve, prove unique: `count: 2`) on one puzzle and one engine, in its
 * own Node process: `node dist/bench/pipeline-child.js wasm|minisat-js FILE INDEX`. Prints one JSON
 * line: the status, conflicts, and the CPU milliseconds of each timed run.
 *
 * A process per puzzle and engine because logic-solver's MiniSat lives in one asm.js heap of fixed
 * size that its solvers never give back (a long run of puzzles ends in "Cannot enlarge memory
 * arrays"), and so that neither engine's JIT state or garbage lands in the other's timings.
 * CPU time is `process.cpuUsage()` (see cnf-child.ts), which counts V8's background compiler
 * threads too. Both engines warm up alike, for at least 30 solves and 1.5 s of CPU, so that those
 * compilers are done: the encoder is JS that both engines run, and V8 keeps optimising its larger
 * functions (the Star Battle rules, the totalizer) until the 20th to 30th solve of a 17×17 4★
 * puzzle, 10–35 ms of compile CPU each, landing in whichever solve is running (unique17 puzzle 2
 * on the wasm engine: 45, 40, 22 ms for the 8th to 10th solves, then 23–24 ms). logic-solver's
 * time is mostly the JS that hands MiniSat its clauses, which needs the optimising compiler as much
 * (starbattlelab puzzle 24 after 2 warm-up solves: 40 ms; under `gridsat compare`'s warm-up, 12 ms).
 * The first solve of the process is reported apart (`firstMs`): what one puzzle solved from the
 * command line pays, compilers and all.
 */
import { readInputs } from '../src/formats/inputs.js';
import { solvePuzzle } from '../src/solve/pipeline.js';
import type { EngineName } from '../src/sat/types.js';
import { warmUp } from './warm-up.js';

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function main(): void {
  const [engine, file, index, timed] = process.argv.slice(2);
  if ((engine !== 'wasm' && engine !== 'minisat-js') || !file || index === undefined) {
    throw new Error('usage: pipeline-child.js wasm|minisat-js FILE INDEX [RUNS]');
  }
  const entry = [...readInputs([file])][Number(index)];
  if (!entry?.ok) throw new Error(`${file} #${index}: ${entry ? entry.error : 'no such puzzle'}`);
  const solve = () => solvePuzzle(entry.type, entry.puzzle, { engine: engine as EngineName, count: 2 });
  const t0 = cpuMs();
  const first = solve();
  const firstMs = cpuMs() - t0;
  warmUp(solve, { minRuns: 29, minMs: 1500, maxRuns: 299, clock: cpuMs }); // 30 to 300 solves with the first
  const ms: number[] = [];
  for (let i = 0; i < Number(timed ?? 3); i++) {
    const t = cpuMs();
    solve();
    ms.push(cpuMs() - t);
  }
  process.stdout.write(`${JSON.stringify({ id: entry.id, status: first.status, conflicts: first.conflicts, firstMs, ms })}\n`);
}

main();
