/**
 * One in-process solve of a DIMACS file, run in its own Node process by bench/puzzle-cnf.ts so a
 * timeout can stop it: `node dist/bench/cnf-child.js wasm|minisat-js FILE`. Prints one JSON line:
 * the answer, CPU milliseconds of load + solve, and conflicts.
 *
 * CPU time is `process.cpuUsage()` around load + solve. Node 20 has no per-thread CPU clock
 * (`process.threadCpuUsage` arrived in Node 23), so this is the process's: while the solve runs
 * the main thread is the only one working, except V8's background compiler and GC helpers, which
 * untimed warm-up solves quiet. The engine's figure is the median of 3 timed solves after them
 * (logic-solver's: 1, it is the slow one).
 */
import { readFileSync } from 'node:fs';
import { parseDimacs } from '../src/sat/dimacs.js';
import { createSolver } from '../src/sat/index.js';
import { WasmSolver } from '../src/sat/wasm.js';
import type { SolveResult } from '../src/sat/types.js';

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function solveWasm(text: string, conflicts?: number): { result: SolveResult; conflicts: number } {
  const s = new WasmSolver({});
  s.addDimacs(text);
  const result = s.solve(conflicts === undefined ? {} : { limits: { conflicts } });
  const n = s.stats().conflicts;
  s.dispose();
  return { result, conflicts: n };
}

function solveMinisatJs(text: string): { result: SolveResult; conflicts: number } {
  const cnf = parseDimacs(text);
  const s = createSolver('minisat-js');
  for (let v = 0; v < cnf.numVars; v++) s.newVar();
  s.addClauses(cnf.clauses);
  const result = s.solve();
  return { result, conflicts: s.stats().conflicts };
}

function main(): void {
  const [engine, file] = process.argv.slice(2);
  if (!engine || !file) throw new Error('usage: cnf-child.js wasm|minisat-js FILE');
  const text = readFileSync(file, 'utf8');
  const solve = () => (engine === 'wasm' ? solveWasm(text) : solveMinisatJs(text));
  // Warm-up: compile and tier up the engine, and let V8's background compilers finish, so that the
  // timed runs below count the solve and not the compiler threads. One solve is not enough on a
  // small CNF: the optimising compiler is still at work on other threads during the next ones, and
  // process CPU counts it (janko Akari 949's uniqueness query: 10 ms after one warm-up solve, 1.1 ms
  // once warm). So the engine warms up for at least 5 solves and 300 ms of CPU (at most 50 solves);
  // logic-solver, 50-500 ms a solve, for one.
  const first = solve();
  if (engine === 'wasm') for (let i = 1, t0 = cpuMs(); i < 50 && (i < 5 || cpuMs() - t0 < 300); i++) solve();
  const times: number[] = [];
  for (let i = 0; i < (engine === 'wasm' ? 3 : 1); i++) {
    const t = cpuMs();
    solve();
    times.push(cpuMs() - t);
  }
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(times.length / 2)]!;
  process.stdout.write(`${JSON.stringify({ result: first.result, cpuMs: ms, conflicts: first.conflicts })}\n`);
}

main();
