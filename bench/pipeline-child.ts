/**
 * The whole pipeline (encode, solve, prove unique: `count: 2`) on one puzzle and one engine, in its
 * own Node process: `node dist/bench/pipeline-child.js wasm|minisat-js FILE INDEX`. Prints one JSON
 * line: the status, conflicts, and the CPU milliseconds of each timed run.
 *
 * A process per puzzle and engine because logic-solver's MiniSat lives in one asm.js heap of fixed
 * size that its solvers never give back (a long run of puzzles ends in "Cannot enlarge memory
 * arrays"), and so that neither engine's JIT state or garbage lands in the other's timings.
 * CPU time is `process.cpuUsage()` (see cnf-child.ts). Both engines warm up alike, for at least 5
 * solves and 300 ms of CPU, so that V8's background compilers are done: logic-solver's time on
 * these puzzles is mostly the JS that hands MiniSat its clauses, which needs the optimising
 * compiler as much as our engine does (starbattlelab puzzle 24 after 2 warm-up solves: 40 ms;
 * under `gridsat compare`'s warm-up, 12 ms).
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
  const first = solve();
  warmUp(solve, { minRuns: 4, maxRuns: 49, clock: cpuMs }); // 5 to 50 solves with the first
  const ms: number[] = [];
  for (let i = 0; i < Number(timed ?? 3); i++) {
    const t = cpuMs();
    solve();
    ms.push(cpuMs() - t);
  }
  process.stdout.write(`${JSON.stringify({ id: entry.id, status: first.status, conflicts: first.conflicts, ms })}\n`);
}

main();
