/**
 * Puzzle benchmarks, measured side by side in one run and reported as medians and ratios:
 * - the 10x10 2-star Star Battles solved and proven unique by our pipeline on the wasm engine vs
 *   logic-solver used the way its own API models the puzzle (and vs our pipeline on its MiniSat);
 * - solve + uniqueness time per puzzle on each fixture set, wasm vs logic-solver's MiniSat.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { readInputs } from '../src/formats/inputs.js';
import type { AnyPuzzleType } from '../src/puzzle/types.js';
import { solvePuzzle } from '../src/solve/pipeline.js';
import type { EngineName } from '../src/sat/types.js';
import { median } from '../src/util/stats.js';
import { warmUp } from './warm-up.js';

const require = createRequire(import.meta.url);

interface Loaded { id: string; type: AnyPuzzleType; puzzle: unknown }

export function loadPuzzles(paths: readonly string[], limit = Infinity): Loaded[] {
  const out: Loaded[] = [];
  for (const e of readInputs(paths)) {
    if (!e.ok) throw new Error(`bench input is broken: ${e.error}`);
    out.push({ id: e.id, type: e.type, puzzle: e.puzzle });
    if (out.length >= limit) break;
  }
  return out;
}

/** Milliseconds to solve and prove unique with our pipeline; throws unless the answer is "unique". */
function pipelineMs(p: Loaded, engine: EngineName): number {
  const t = performance.now();
  const r = solvePuzzle(p.type, p.puzzle, { engine, count: 2 });
  const ms = performance.now() - t;
  if (r.status !== 'unique') throw new Error(`${p.id} on ${engine}: expected unique, got ${r.status} ${r.message ?? ''}`);
  return ms;
}

interface StarBattleLike { rows: number; cols: number; stars: number; regions: (number | null)[][] }

/**
 * Star Battle as a logic-solver user writes it: its formula API (sum bits, atMostOne), then a
 * second solve that forbids the first solution to prove uniqueness.
 */
function logicSolverStarBattleMs(p: StarBattleLike): number {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Logic = require('logic-solver') as any;
  const t = performance.now();
  const solver = new Logic.Solver();
  const v = (r: number, c: number) => `s${r}_${c}`;
  const units: string[][] = [];
  for (let r = 0; r < p.rows; r++) units.push(Array.from({ length: p.cols }, (_, c) => v(r, c)));
  for (let c = 0; c < p.cols; c++) units.push(Array.from({ length: p.rows }, (_, r) => v(r, c)));
  const regions = new Map<number, string[]>();
  for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) {
    const reg = p.regions[r]![c];
    if (reg === null || reg === undefined) { solver.forbid(v(r, c)); continue; }
    regions.set(reg, [...(regions.get(reg) ?? []), v(r, c)]);
  }
  units.push(...regions.values());
  for (const u of units) solver.require(Logic.equalBits(Logic.sum(u), Logic.constantBits(p.stars)));
  for (let r = 0; r + 1 < p.rows; r++) for (let c = 0; c + 1 < p.cols; c++) {
    solver.require(Logic.atMostOne(v(r, c), v(r + 1, c), v(r, c + 1), v(r + 1, c + 1)));
  }
  const first = solver.solve();
  if (!first) throw new Error('logic-solver found no solution');
  const stars: string[] = first.getTrueVars().filter((n: string) => n.startsWith('s'));
  const all = units.slice(0, p.rows).flat();
  solver.forbid(Logic.and(all.map((n) => (stars.includes(n) ? n : Logic.not(n)))));
  if (solver.solve() !== null) throw new Error('logic-solver found a second solution');
  return performance.now() - t;
}

export interface StarBattleTarget {
  puzzle: string;
  wasmMs: number;
  pipelineMinisatJsMs: number;
  logicSolverMs: number;
  /** logic-solver (its own API) median / our wasm pipeline median. */
  speedup: number;
  runs: { wasm: number; logic: number };
}

export function benchStarBattleTarget(files: readonly string[], log: (s: string) => void): StarBattleTarget[] {
  const out: StarBattleTarget[] = [];
  for (const file of files) {
    const [p] = loadPuzzles([file], 1);
    if (!p) continue;
    const json = p.type.toJson(p.puzzle) as StarBattleLike;
    // Warm every contender alike (JIT, wasm compile), then alternate blocks of runs, so that one's
    // garbage does not land in the other's timings more than in a real program. A fixed count
    // warmed them unequally: 20 runs of ours are 10 ms, 3 of logic-solver's 90 ms, where
    // logic-solver's API settles near 19 ms after about 20 runs and our pipeline near 0.45 ms after
    // a few hundred (board1).
    warmUp(() => pipelineMs(p, 'wasm'));
    warmUp(() => logicSolverStarBattleMs(json));
    warmUp(() => pipelineMs(p, 'minisat-js'));
    const wasm: number[] = [];
    const logic: number[] = [];
    const mjs: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 10; i++) wasm.push(pipelineMs(p, 'wasm'));
      for (let i = 0; i < 3; i++) logic.push(logicSolverStarBattleMs(json));
      for (let i = 0; i < 3; i++) mjs.push(pipelineMs(p, 'minisat-js'));
    }
    const r = {
      puzzle: file,
      wasmMs: median(wasm),
      pipelineMinisatJsMs: median(mjs),
      logicSolverMs: median(logic),
      speedup: median(logic) / median(wasm),
      runs: { wasm: wasm.length, logic: logic.length },
    };
    log(`star battle ${file}: wasm ${r.wasmMs.toFixed(2)} ms, logic-solver ${r.logicSolverMs.toFixed(1)} ms, x${r.speedup.toFixed(1)}`);
    out.push(r);
  }
  return out;
}

export interface FixtureSetResult {
  set: string;
  puzzles: number;
  wasmMedianMs: number;
  minisatJsMedianMs: number;
  /** Median over puzzles of (minisat-js ms / wasm ms). */
  medianRatio: number;
  wasmMaxMs: number;
}

/** Solve + uniqueness per puzzle on each set, both engines on the same puzzle back to back. */
export function benchFixtureSets(sets: readonly { name: string; paths: string[]; limit?: number }[], log: (s: string) => void): FixtureSetResult[] {
  const out: FixtureSetResult[] = [];
  for (const set of sets) {
    const puzzles = loadPuzzles(set.paths, set.limit);
    if (puzzles.length === 0) continue;
    // Both engines warm up alike on the set's first puzzle (the type's encoder and each engine's
    // code; one solve each left logic-solver's JS unoptimised). logic-solver then runs once per
    // puzzle: its asm.js heap is fixed and never gets a solver's memory back, so three runs of every
    // puzzle of a long set would exhaust it; its warm-up stops at 30 solves for the same reason.
    warmUp(() => pipelineMs(puzzles[0]!, 'wasm'));
    warmUp(() => pipelineMs(puzzles[0]!, 'minisat-js'), { maxRuns: 30 });
    const wasm: number[] = [];
    const mjs: number[] = [];
    const ratios: number[] = [];
    for (const p of puzzles) {
      const w = median([pipelineMs(p, 'wasm'), pipelineMs(p, 'wasm'), pipelineMs(p, 'wasm')]);
      const m = pipelineMs(p, 'minisat-js');
      wasm.push(w);
      mjs.push(m);
      ratios.push(m / w);
    }
    const r = {
      set: set.name,
      puzzles: puzzles.length,
      wasmMedianMs: median(wasm),
      minisatJsMedianMs: median(mjs),
      medianRatio: median(ratios),
      wasmMaxMs: Math.max(...wasm),
    };
    log(`${set.name}: ${r.puzzles} puzzles, wasm median ${r.wasmMedianMs.toFixed(2)} ms, minisat-js ${r.minisatJsMedianMs.toFixed(1)} ms`);
    out.push(r);
  }
  return out;
}
